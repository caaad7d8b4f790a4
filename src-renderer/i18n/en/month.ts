import type { monthFr } from '../fr/month'

/** English messages of the month's closing (same keys as fr/month.ts). */
export const monthEn: typeof monthFr = {
  controle: {
    lecture: 'Checking: reading the previous month, this month’s elements and the payslips…',
    echec: 'Check incomplete: cached data is used.',
    seuil: 'Variance threshold against the previous month (%)',
    ecarts:
      'No gross or net variance above the threshold | 1 gross or net variance above the threshold | {n} gross or net variances above the threshold',
    absents:
      'No element of the month missing from the payslips | 1 element of the month missing from the payslips | {n} elements of the month missing from the payslips',
    colonnes: { salarie: 'Employee', brut: 'Gross (previous month → this month)', net: 'Net pay (previous month → this month)' },
    raisons: {
      missing: 'on no payslip (recompute the payslip)',
      not_sent: 'not sent to the service yet',
      sans_bulletin: 'the employee has no payslip this month',
      non_lu: 'payslip never read on this computer',
    },
    rien: 'Check found nothing.',
    commentaire: 'Comment (to go on despite these findings)',
    commentaireAide: 'Required, at least 3 characters: it is kept with the sending’s report.',
    rapport: 'Sent despite the check ({ecarts} variance(s) above {seuil} %, {absents} missing element(s)):',
  },
  mois: {
    colonnes: { bulletins: 'Payslips of the month', prochaine: 'Next action' },
    jamaisLus: 'Never read on this computer',
    aucun: 'No payslip',
    lusIlYa: 'read {age} ago',
    restants: 'All sent to the employees | 1 to finish | {n} to finish',
    lireTout: 'Read the month’s payslips',
    lecture: 'Reading payslips: {done} of {total}',
    echecs: 'No failed read | 1 dossier not read (try again) | {n} dossiers not read (try again)',
    filtreAction: 'Next action',
    toutes: 'All',
    trier: 'Sort by “{colonne}”',
    actions: {
      corriger: 'Fix the rejected entries',
      verifier: 'Check the entries',
      synchroniser: 'Send the queued entries',
      lire_bulletins: 'Read the payslips',
      calculer: 'Compute the payslips',
      recalculer: 'Recompute the refused payslips',
      controler: 'Control the payslips',
      envoyer_employeur: 'Send to the employer',
      valider: 'Validate the payslips',
      envoyer_salarie: 'Send to the employees',
      corriger_dsn: 'Fix the rejected DSN',
      deposer_dsn: 'File the DSN',
      termine: 'Month done',
    },
  },
}
