/** English messages of the period's records (same keys as fr/records.ts). */
import type { recordsFr } from '../fr/records'

export const recordsEn: typeof recordsFr = {
  enregistrements: {
    titre: 'Already in period {periode}',
    titreSalarie: 'Already in period {periode} for {salarie}',
    lus: 'Read from the service on {date} ({age} ago)',
    jamaisLus: 'Not read from the service yet: they will be at the next connection.',
    actualiser: 'Refresh',
    actualisation: 'Refreshing…',
    vide: 'Nothing in this period.',
    droitManquant: '{type}: not read, your API access lacks the “{categorie}” right.',
    colonnes: { type: 'Type', salarie: 'Employee', element: 'Element', valeur: 'Value', creation: 'Entered on', origine: 'Origin' },
    origines: { service: 'Service', local: 'This workstation' },
    lectureSeule: 'read only',
    periodeDates: 'from {du} to {au}',
    jour: 'on {date}',
    quantite: 'quantity {n}',
    taux: 'rate {n}',
  },
  acomptes: {
    titre: 'Advances — {dossier}',
    retour: 'Back to the company',
    lectureSeule:
      'Read only: the API only lets you view advances. They are read from the service with the period’s other elements and stay readable offline.',
    periode: 'Period',
    nombre: 'No advance | 1 advance | {n} advances',
    total: 'total {montant}',
  },
  identique: {
    avertissement: 'The service already holds an identical element, entered on {date}. Save anyway?',
    confirmer: 'Save anyway',
    grille: 'Already on the service (entered on {date}). Press Enter again to save anyway.',
  },
  reprise: {
    bouton: 'Carry over last month',
    titre: 'Elements of {periode} to carry over to {courante}',
    aide: 'Every EVP of last month is proposed: untick those that do not recur. Nothing is saved until you confirm.',
    lecture: 'Reading last month…',
    vide: 'Nothing to carry over: no EVP of last month for an employee present, a code offered and a cell still empty.',
    jamaisLus: 'Last month was never read from the service: nothing to propose until the next connection.',
    lus: 'Last month read from the service on {date}.',
    courantePasLue: 'This period was not read from the service yet: an element it already holds may be proposed. Check before sending.',
    contrat: 'contract {numero}',
    brouillons: 'Save as draft | Save as drafts ({n})',
    envoyer: 'Queue for sending | Queue for sending ({n})',
    annuler: 'Cancel',
    resultatBrouillons: 'No draft saved. | 1 draft saved. | {n} drafts saved.',
    resultatEnvoi: 'Nothing queued. | 1 element queued. | {n} elements queued.',
    refuses: 'Refused by the checks: {n}. | Refused by the checks: {n}.',
  },
}
