/**
 * French wording of what main (and the sync) reports by code and parameters (src-shared/domain/reports.ts), by the
 * place it is shown; worded by i18n/reported.ts. `CODE__MOTIF` is the variant of `CODE` for `params.motif`,
 * `CODE__SERVICE` the variant used when the payroll service sent its own message (`{service}`). `HTTP` words every
 * `HTTP_<status>` code. vue-i18n syntax: `{name}` is a parameter; `@`, `|`, `{`, `}` are reserved.
 */
export const erreursFr = {
  erreurs: {
    /** Answers of main to an action or a read (IPC errors); also the general wording of transport codes. */
    demande: {
      RECAPITULATIF_TROP_GROS: 'Récapitulatif trop volumineux pour être affiché (plus de {max} Mio) : téléchargez-le.',
      RECAPITULATIF_INVALIDE: 'Le fichier reçu n’est pas un PDF (signature %PDF- absente) : rien n’est affiché.',
      ENTREE_INVALIDE: 'Les données transmises sont invalides : la demande n’a pas été traitée.',
      EXPEDITEUR_REFUSE: 'Demande refusée : elle ne vient pas de la fenêtre de l’application.',
      CANAL_INCONNU: 'Action inconnue : la demande n’a pas été traitée.',
      ERREUR_INTERNE: 'Une erreur inattendue est survenue. Réessayez ; si le problème persiste, contactez le support.',
      CONNEXION_ABSENTE: 'Aucun service de paie n’est configuré : la demande n’a pas pu être envoyée.',
      TELECHARGEMENTS_INDISPONIBLES: 'Les téléchargements ne sont pas disponibles sur ce poste.',
      CHEMIN_REFUSE: 'Ce fichier n’a pas été enregistré par l’application : demande refusée.',
      OUVERTURE_IMPOSSIBLE: 'Le récapitulatif n’a pas pu être ouvert : {raison}',
      DOSSIER_NON_CHOISI: 'Choisissez d’abord un dossier de destination.',
      LECTURE_AVANT_RENVOI: 'Le bulletin n’a pas pu être relu avant le renvoi d’une action restée sans réponse : rien n’a été renvoyé.',
      REPONSE_EN_ATTENTE: 'Une action précédente est restée sans réponse : rien n’est renvoyé avant {heure}.',
      IDENTIFIANTS_REFUSES: 'Identifiants refusés par le service de paie : vérifiez l’identifiant du client d’API et son secret.',
      SERVICE_INJOIGNABLE: 'Service de paie injoignable à cette adresse : vérifiez l’adresse et le réseau.',
      SERVICE_EN_ERREUR: 'Le service de paie a répondu en erreur ({status}).',
      SERVICE_EN_ERREUR__SERVICE: 'Le service de paie a répondu en erreur ({status}) : {service}',
      PROFIL_INCONNU: 'Ce profil de connexion n’existe pas (ou plus).',
      PROFIL_DEMO: 'Le profil démo est intégré à l’application : il ne peut être ni modifié ni supprimé.',
      SECRET_ABSENT: 'Aucun secret n’est enregistré pour ce profil.',
      SECRET_ABSENT__ENREGISTRER:
        'Saisissez le secret du client d’API : aucun secret n’est enregistré pour ce profil. Rien n’a été enregistré.',
      SECRET_ABSENT__TESTER: 'Aucun secret n’est enregistré pour ce profil : saisissez-le pour tester la connexion.',
      PROFIL_ACTIF: 'Ce profil est le profil actif : activez-en un autre avant de le supprimer.',
      PROFIL_NON_VIDE:
        'Ce profil n’a plus rien à envoyer. | Ce profil a encore 1 élément non envoyé sur ce poste : activez-le et laissez la synchronisation se terminer avant de le supprimer. | Ce profil a encore {n} éléments non envoyés sur ce poste : activez-le et laissez la synchronisation se terminer avant de le supprimer.',
      COFFRE_INDISPONIBLE:
        'Le trousseau du système (coffre des mots de passe) ne répond pas : le secret n’a pas pu y être lu ou enregistré, et rien n’a été enregistré ailleurs. Sous Linux, un service « Secret Service » (GNOME Keyring ou KWallet) doit être lancé et déverrouillé.',
      RESEAU_INJOIGNABLE: 'Service de paie injoignable : vérifiez la connexion réseau.',
      DELAI_DEPASSE: 'Le service de paie ne répond pas (délai dépassé).',
      CONNEXION_INTERROMPUE: 'La connexion au service de paie a été interrompue.',
      REPONSE_INVALIDE: 'Réponse illisible du service de paie.',
      REPONSE_INVALIDE__TYPE_PDF: 'Réponse illisible du service de paie (type {valeur} au lieu d’un PDF).',
      REPONSE_INVALIDE__TYPE_JSON: 'Réponse illisible du service de paie (type {valeur} au lieu de JSON).',
      REPONSE_INVALIDE__JSON: 'Réponse illisible du service de paie (JSON tronqué ou illisible).',
      REPONSE_INVALIDE__CHAMP: 'Réponse illisible du service de paie (champ {valeur} au mauvais format).',
      REPONSE_TROP_VOLUMINEUSE: 'Réponse du service de paie trop volumineuse (plus de {mio} Mio) : ignorée.',
      JETON_INDISPONIBLE: 'Jeton d’accès indisponible : aucune requête n’a été envoyée.',
      HTTP: 'Le service de paie a répondu {status}.',
      PAGINATION_SANS_FIN:
        'Le service de paie annonce une liste sans fin ({operation} : plus de {max} pages, {annonces} éléments annoncés) : lecture arrêtée, rien n’a été retenu.',
      ERREUR_LOCALE: 'Erreur sur ce poste : {message}',
    },
    /** Why an entry was refused, not answered or put "à vérifier" (the entry's error). */
    saisie: {
      IDENTIQUE_EXISTANT:
        'Le service de paie contient déjà un élément identique, saisi ailleurs : rien n’a été envoyé. Comparez puis décidez.',
      CANDIDATS_MULTIPLES:
        'Plusieurs éléments du service de paie pourraient correspondre à cette saisie : rien n’a été envoyé ni rattaché. Comparez puis décidez.',
      CREE_AVANT_ENVOI:
        'Un élément identique existait sur le service avant le premier envoi de cette saisie : il n’est pas forcément le vôtre. Comparez puis décidez.',
      CREE_HORS_FENETRE:
        'Un élément identique a été créé sur le service en dehors de la période d’envoi de cette saisie. Comparez puis décidez.',
      CREATEUR_DIFFERENT: 'Un élément identique a été créé sur le service par un autre utilisateur ou logiciel. Comparez puis décidez.',
      MODIFIE_DEPUIS:
        'L’élément correspondant a été modifié sur le service depuis sa création : la saisie n’est ni renvoyée ni rattachée. Comparez puis décidez.',
      MODIFIE_DEPUIS_LECTURE:
        'L’élément a été modifié sur le service depuis que vous l’avez lu : votre changement n’a pas été envoyé. Comparez la version lue, celle du service et votre changement, puis décidez.',
      ELEMENT_DISPARU: 'L’élément n’existe plus sur le service : la modification n’a pas été envoyée.',
      VALEURS_DIFFERENTES:
        'Le service de paie contient le même élément avec d’autres valeurs (modifié depuis, ou saisi ailleurs). Comparez puis décidez.',
      FENETRE_INCONNUE:
        'Impossible de prouver que l’élément trouvé sur le service vient de cette saisie (heure d’envoi inconnue). Comparez puis décidez.',
      ENTREE_INVALIDE: 'Élément invalide : corrigez-le avant de le renvoyer.',
      ENVOI_INVALIDE: 'Saisie refusée avant l’envoi : corrigez-la puis enregistrez-la de nouveau.',
      REFUSE: 'Refusé par le service de paie.',
      SAISIE_ILLISIBLE:
        'Saisie illisible par cette version de l’application : elle n’a pas été envoyée. Ressaisissez-la à partir des valeurs enregistrées, montrées sur sa page.',
      ERREUR_INTERNE: 'Erreur inattendue pendant l’envoi : l’élément sera vérifié avant tout nouvel envoi.',
      DELAI_DEPASSE: 'Envoi sans réponse : l’élément sera vérifié auprès du service avant tout nouvel envoi.',
      CONNEXION_INTERROMPUE: 'Envoi sans réponse : l’élément sera vérifié auprès du service avant tout nouvel envoi.',
    },
    /** Why the whole queue pauses (banner). */
    pause: {
      RESEAU_INJOIGNABLE: 'Service de paie injoignable : vérifiez la connexion réseau. L’envoi reprendra automatiquement.',
      DELAI_DEPASSE: 'Le service de paie ne répond pas (délai dépassé). L’envoi reprendra automatiquement.',
      CONNEXION_INTERROMPUE: 'La connexion au service de paie a été interrompue. L’envoi reprendra automatiquement.',
      REPONSE_INVALIDE: 'Réponse illisible du service de paie. L’envoi reprendra automatiquement.',
      REPONSE_TROP_VOLUMINEUSE: 'Réponse du service de paie trop volumineuse. L’envoi reprendra automatiquement.',
      JETON_INDISPONIBLE: 'Jeton d’accès indisponible : aucune requête n’a été envoyée. L’envoi reprendra automatiquement.',
      TROP_DE_REQUETES: 'Le service de paie limite le nombre de requêtes : l’envoi reprendra automatiquement après le délai demandé.',
      NON_AUTHENTIFIE: 'Le service de paie refuse l’authentification : vérifiez les identifiants de connexion.',
      JETON_EXPIRE: 'Le service de paie refuse l’authentification : vérifiez les identifiants de connexion.',
      CLIENT_INVALIDE: 'Le service de paie refuse l’authentification : vérifiez les identifiants de connexion.',
      DROIT_MANQUANT: 'Le service de paie refuse l’accès : vérifiez les droits de l’utilisateur.',
      DOSSIER_NON_AFFECTE: 'Le service de paie refuse l’accès : vérifiez les droits de l’utilisateur.',
      CHEMIN_SUPPRIME: 'Le service de paie ne propose plus cette opération : mettez l’application à jour.',
      ERREUR_SERVEUR: 'Le service de paie est momentanément indisponible : l’envoi reprendra automatiquement.',
      SERVICE_INDISPONIBLE: 'Le service de paie est momentanément indisponible : l’envoi reprendra automatiquement.',
      HTTP: 'Le service de paie est momentanément indisponible (erreur {status}) : l’envoi reprendra automatiquement.',
      ERREUR_INTERNE: 'Erreur inattendue pendant la synchronisation : l’envoi reprendra automatiquement.',
      CONNEXION_ABSENTE: 'Aucun service de paie n’est configuré : rien n’est envoyé.',
      IPC_INDISPONIBLE: 'Le service de synchronisation ne répond pas : envoi suspendu, il reprendra seul.',
      AUCUN_PROGRES: 'Le service de paie n’a traité aucune saisie : nouvel essai dans un moment.',
      ERREUR_LOCALE: 'La synchronisation s’est interrompue sur ce poste : nouvel essai dans un moment.',
      ENTREE_INVALIDE: 'L’envoi a été refusé par l’application : nouvel essai dans un moment.',
      EXPEDITEUR_REFUSE: 'L’envoi a été refusé par l’application : nouvel essai dans un moment.',
      CANAL_INCONNU: 'L’envoi a été refusé par l’application : nouvel essai dans un moment.',
      AUTRE: 'Envoi suspendu ({code}) : l’envoi reprendra automatiquement.',
    },
    /** Why one DSN summary was not written. */
    telechargement: {
      TELECHARGEMENT_ANNULE: 'Téléchargement annulé : rien n’a été enregistré.',
      DELAI_DEPASSE: 'Le service de paie ne répond plus pendant le téléchargement : rien n’a été enregistré, réessayez.',
      ECRITURE_IMPOSSIBLE: 'Le fichier n’a pas pu être écrit sur le disque ({raison}) : vérifiez le dossier de destination.',
      CONNEXION_COUPEE: 'Connexion coupée pendant le téléchargement ({recus} octets reçus) : rien n’a été enregistré, réessayez.',
      CONNEXION_COUPEE__TOTAL:
        'Connexion coupée pendant le téléchargement ({recus} octets reçus sur {attendus}) : rien n’a été enregistré, réessayez.',
      RECAPITULATIF_PAS_PDF:
        'Le service de paie a répondu une page « {type} » au lieu du PDF (erreur d’un proxy ou du service) : rien n’a été enregistré.',
      RECAPITULATIF_TROP_GROS:
        'Le récapitulatif dépasse la taille maximale de {max} Mo : téléchargement interrompu, rien n’a été enregistré.',
      RECAPITULATIF_TROP_GROS__ANNONCE:
        'Le récapitulatif annoncé ({mio} Mo) dépasse la taille maximale de {max} Mo : rien n’a été enregistré.',
      RECAPITULATIF_INVALIDE: 'Le fichier reçu n’est pas un PDF (signature %PDF- absente) : rien n’a été enregistré.',
      EXTRACTION_PAS_CSV:
        'Le service de paie a répondu une page « {type} » au lieu du fichier CSV de l’extraction : rien n’a été enregistré.',
      EXTRACTION_TROP_GROSSE:
        'Le fichier de l’extraction dépasse la taille maximale de {max} Mo : téléchargement interrompu, rien n’a été enregistré.',
      EXTRACTION_TROP_GROSSE__ANNONCE:
        'Le fichier d’extraction annoncé ({mio} Mo) dépasse la taille maximale de {max} Mo : rien n’a été enregistré.',
      NOM_FICHIER_REFUSE: 'Récapitulatif non enregistré : nom de fichier refusé, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__SIREN: 'Récapitulatif non enregistré : le SIREN de la déclaration est invalide, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__NIC: 'Récapitulatif non enregistré : le NIC de la déclaration est invalide, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__PERIODE: 'Récapitulatif non enregistré : la période de la déclaration est invalide, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__NATURE: 'Récapitulatif non enregistré : la nature de la déclaration est invalide, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__TYPE: 'Récapitulatif non enregistré : le type de la déclaration est invalide, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__ID: 'Récapitulatif non enregistré : l’identifiant de la déclaration est invalide, aucun fichier n’a été écrit.',
      NOM_FICHIER_REFUSE__CHEMIN:
        'Récapitulatif non enregistré : le chemin du fichier sortirait du dossier choisi, aucun fichier n’a été écrit.',
      ERREUR_INTERNE: 'Erreur inattendue pendant le téléchargement : rien n’a été enregistré.',
    },
    /** Why the active profile cannot connect (`ProfilActif.probleme`). */
    profil: {
      DEMO_INDISPONIBLE: 'Le service de démonstration n’a pas pu démarrer.',
      SECRET_ABSENT: 'Secret absent du trousseau : saisissez-le à nouveau dans Réglages › Connexions pour vous reconnecter.',
      COFFRE_INDISPONIBLE:
        'Le trousseau du système ne répond pas : le secret n’a pas pu être lu. Sous Linux, un service « Secret Service » (GNOME Keyring ou KWallet) doit être lancé et déverrouillé.',
    },
    /** The access token could not be obtained (`params.jeton`): no request was sent. */
    jeton: {
      REFUSE: 'Jeton d’accès refusé : {service}',
      ECHEC: 'Demande de jeton d’accès en échec ({status}) : aucune requête n’a été envoyée, réessayez plus tard.',
      DELAI: 'Demande de jeton d’accès sans réponse (délai dépassé) : aucune requête n’a été envoyée.',
      COUPURE: 'Demande de jeton d’accès interrompue : aucune requête n’a été envoyée.',
      INJOIGNABLE: 'Service de paie injoignable : vérifiez la connexion réseau.',
      INDISPONIBLE: 'Jeton d’accès indisponible : aucune requête n’a été envoyée.',
    },
    /** What failed, around the reason (`params.contexte`). */
    contextes: {
      REFERENTIEL: 'Référentiel non mis à jour : {raison}',
      ENREGISTREMENTS: 'Éléments du service non mis à jour : {raison}',
      DECLARATIONS: 'Déclarations non mises à jour : {raison}',
      BULLETINS: 'Bulletins non mis à jour : {raison}',
      TELECHARGEMENT: 'Téléchargement refusé : {raison}',
      SALARIE: 'Fiche salarié non mise à jour : {raison}',
      EXTRACTION: 'Extraction : {raison}',
      FACTURATION: 'Compteurs de facturation non mis à jour : {raison}',
      CABINET: 'Action sur le cabinet impossible : {raison}',
      CONTRAT: 'Contrat non créé : {raison}',
      CUMULS: 'Cumuls non mis à jour : {raison}',
    },
    /** Sentences added after the reason (`params.suite`). */
    suites: {
      RIEN_ENREGISTRE: 'Rien n’a été enregistré.',
    },
    /** A category paused for a missing right (from the sync). */
    droitManquant:
      'Droit manquant sur le service de paie : « {libelle} ». Ces éléments restent en attente ; demandez ce droit à votre responsable. Les autres éléments continuent.',
    /** Refusals of the outbox on this workstation (OutboxError, db/outbox.ts and db/to-check.ts). */
    saisieLocale: {
      INTROUVABLE: 'Saisie introuvable sur ce poste.',
      INTROUVABLE__DOUBLON: 'Doublon introuvable sur ce poste.',
      ENVOI_EN_COURS: 'Cette saisie est en cours d’envoi : elle ne peut pas être modifiée maintenant. Réessayez dans un instant.',
      NON_MODIFIABLE: 'Une saisie « {etat} » ne peut plus être modifiée : saisissez une modification ou une suppression.',
      NON_ANNULABLE: 'Une saisie « {etat} » ne peut pas être annulée.',
      NON_ANNULABLE__SYNCHRONISEE:
        'Une saisie « {etat} » ne peut pas être annulée : saisissez une suppression pour retirer l’enregistrement du service de paie.',
      DECISION_PRISE: 'Cette saisie n’est plus « à vérifier » : la décision a déjà été prise.',
      PAS_UN_CANDIDAT: 'Cet élément du service n’est pas un des candidats de la saisie.',
    },
    /** The app could not start (main.ts, before the interface exists). */
    demarrage: 'Démarrage impossible : {raison}',
  },
}
