import type { exportsFr } from '../fr/exports'

/** English words of the CSV exports; same keys as exportsFr. */
export const exportsEn: typeof exportsFr = {
  exports: {
    masque: '[masked]',
    file: {
      siren: 'Dossier (SIREN)', matricule: 'Matricule', type: 'Kind', operation: 'Operation', periode: 'Period', code: 'Code',
      debut: 'Start date', fin: 'End date', quantite: 'Quantity', taux: 'Rate', montant: 'Amount', kilometres: 'Kilometres',
      texte: 'Text value', etat: 'State', revision: 'Revision', tentatives: 'Attempts', erreur: 'Error', idServeur: 'Server id',
      idSaisie: 'Entry id', creee: 'Created on', modifiee: 'Changed on',
    },
    journal: {
      horodatage: 'Timestamp', siren: 'Dossier (SIREN)', type: 'Kind', idSaisie: 'Entry id', revision: 'Revision',
      operation: 'Operation', methode: 'Method', statut: 'HTTP status', idServeur: 'Server id', code: 'Error code',
      resultat: 'Result', duree: 'Duration (ms)', empreinte: 'Content fingerprint (SHA-256)',
    },
    operations: { create: 'creation', update: 'change', delete: 'deletion' },
    etats: {
      draft: 'draft', queued: 'pending', sending: 'sending', synced: 'synced', rejected: 'refused',
      unknown: 'no answer', to_check: 'to check', cancelled: 'cancelled',
    },
    resultats: {
      synced: 'synced', rejected: 'refused', unknown: 'no answer', requeue: 'queued again', to_check: 'to check',
      verified: 'checked (probable duplicate)', linked: 'decision: it is the same', send_anyway: 'decision: send anyway',
      cancelled: 'decision: entry cancelled',
    },
  },
}
