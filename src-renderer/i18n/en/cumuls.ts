import type { cumulsFr } from '../fr/cumuls'

/** English messages of the cumuls of a dossier (issue 16, point 4). */
export const cumulsEn: typeof cumulsFr = {
  cumuls: {
    lien: 'Year-to-date totals',
    titre: '{dossier} — year-to-date totals {annee}',
    retour: 'Back to the dossier',
    lus: 'Totals read from the service on {date} ({age} ago)',
    jamaisLus: 'Totals never read on this workstation: they will be read at the next connection.',
    horsLigne: 'Offline: the totals shown come from the cache. Your changes are kept on this workstation; sending needs the connection.',
    filtres: 'Filters of the totals',
    annee: 'Year',
    categories: 'Categories',
    codes: 'Totals',
    codeMoteur: 'Engine code',
    tous: 'All',
    filtrer: 'Filter',
    salarie: 'Employee',
    colonneTitre: '{libelle} — category {categorie}, engine code {moteur}',
    grille: 'Totals {annee} per employee',
    aucun: 'No total for these filters.',
    brouillon: 'No change to send | 1 change to send (kept on this workstation) | {n} changes to send (kept on this workstation)',
    envoyer: 'Send the totals',
    envoiEnCours: 'Sending…',
    abandonner: 'Drop the changes',
    refus: 'Cells to correct',
    etat: {
      service: 'Value held by the payroll service',
      draft: 'Changed on this workstation, not sent yet',
      unconfirmed: 'Sent without an answer: read again before any new send',
    },
    cellErreur: {
      celluleTropLongue: 'Cell too long (value ignored).',
      formule: "Formula refused: a value cannot start with =, +, - (except a number) or {'@'}.",
      controle: 'Control character refused (tab, line break…).',
      nombre: 'Unreadable amount: type for instance 1234.56.',
      quantiteTaux: 'Unreadable amount: type for instance 1234.56.',
      texteTropLong: 'Unreadable amount: type for instance 1234.56.',
      montant: 'Amount: 9 digits before the decimal point and 2 decimals at most.',
    },
    envoi: {
      applique: 'Totals sent in one request: {n} applied, {refus} refused by the service (see the red cells).',
      inconnu:
        'Answer lost: {n} total(s) not confirmed by the read-back. They will be read again before any new send; nothing is sent twice.',
      refused: 'Send refused by the service, nothing applied: {raison}',
      not_sent: 'Cannot send for now, nothing applied: {raison}',
      horsLigne: 'Offline: the totals can only be sent with the connection. Your changes stay kept on this workstation.',
      attente: 'A send without an answer may still be applied: try again after {heure}.',
    },
  },
}
