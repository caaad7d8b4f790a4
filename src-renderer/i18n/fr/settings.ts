/**
 * French messages of the connection settings (profiles) and of the missing-rights explanations.
 * vue-i18n syntax: `{name}` is a parameter; `@`, `|`, `{`, `}` are reserved.
 */
export const settingsFr = {
  reglages: {
    titre: 'Connexions au service de paie',
    intro:
      'Un profil par service de paie. Le secret du client d’API est gardé dans le trousseau du système, jamais dans l’application ; les saisies de chaque profil restent séparées sur ce poste.',
    profils: 'Profils',
    actif: 'Actif',
    demo: 'Démo intégrée',
    secretEnregistre: 'Secret dans le trousseau',
    secretAbsent: 'Déconnecté (secret absent)',
    activer: 'Activer',
    tester: 'Tester la connexion',
    modifier: 'Modifier',
    deconnecter: 'Se déconnecter',
    supprimer: 'Supprimer',
    confirmerSupprimer: 'Supprimer le profil « {nom} » et son secret du trousseau ?',
    confirmerDeconnecter: 'Supprimer le secret du profil « {nom} » du trousseau ? Les saisies restent sur ce poste.',
    nouveau: 'Nouveau profil',
    modification: 'Modifier le profil « {nom} »',
    nom: 'Nom du profil',
    baseUrl: 'Adresse du service (https://…)',
    clientId: 'Identifiant du client d’API',
    secret: 'Secret du client d’API',
    secretGarde: 'Laisser vide pour garder le secret enregistré.',
    enregistrer: 'Tester et enregistrer',
    annuler: 'Annuler',
    enregistre: 'Profil « {nom} » enregistré : identifiants acceptés par le service.',
    testEnCours: 'Test en cours…',
    resultat: 'Connexion réussie',
    connecteEn: 'Connecté en tant que {prenom} {nom} ({email}), cabinet {cabinet}.',
    version: 'Version du service : {version}',
    categories: 'Catégories de l’API',
    autorisee: 'autorisée',
    refusee: 'non autorisée',
    probleme: 'Connexion impossible : {message}',
    langue: {
      titre: 'Langue',
      libelle: 'Langue de l’interface',
      noms: { fr: 'Français', en: 'English' },
    },
  },
  droits: {
    refuseMoi:
      'Vos identifiants n’ont pas le droit « {libelle} » (selon le service de paie) : cette fonction est désactivée. Les éléments déjà saisis attendent dans la file ; demandez ce droit à votre responsable.',
    titre: 'Fonction désactivée',
  },
}
