/**
 * French words of the CSV exports (queue and audit log): column titles, kinds, operations, states and results as
 * written in the cells, and the mark of masked personal data. vue-i18n syntax: `@`, `|`, `{`, `}` are reserved.
 */
export const exportsFr = {
  exports: {
    masque: '[masqué]',
    file: {
      siren: 'Dossier (SIREN)', matricule: 'Matricule', type: 'Type', operation: 'Opération', periode: 'Période', code: 'Code',
      debut: 'Date de début', fin: 'Date de fin', quantite: 'Quantité', taux: 'Taux', montant: 'Montant', kilometres: 'Kilomètres',
      texte: 'Valeur texte', etat: 'État', revision: 'Révision', tentatives: 'Tentatives', erreur: 'Erreur', idServeur: 'Identifiant serveur',
      idSaisie: 'Identifiant de saisie', creee: 'Créée le', modifiee: 'Modifiée le',
    },
    journal: {
      horodatage: 'Horodatage', siren: 'Dossier (SIREN)', type: 'Type', idSaisie: 'Identifiant de saisie', revision: 'Révision',
      operation: 'Opération', methode: 'Méthode', statut: 'Statut HTTP', idServeur: 'Identifiant serveur', code: 'Code erreur',
      resultat: 'Résultat', duree: 'Durée (ms)', empreinte: 'Empreinte du contenu (SHA-256)',
    },
    operations: { create: 'création', update: 'modification', delete: 'suppression' },
    etats: {
      draft: 'brouillon', queued: 'en attente', sending: 'en cours d’envoi', synced: 'synchronisé', rejected: 'refusé',
      unknown: 'sans réponse', to_check: 'à vérifier', cancelled: 'annulé',
    },
    resultats: {
      synced: 'synchronisé', rejected: 'refusé', unknown: 'sans réponse', requeue: 'remis en attente', to_check: 'à vérifier',
      verified: 'vérifié (doublon probable)', linked: 'décision : c’est le même', send_anyway: 'décision : envoyer quand même',
      cancelled: 'décision : saisie annulée',
    },
  },
}
