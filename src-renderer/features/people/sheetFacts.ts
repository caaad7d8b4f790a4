/**
 * The facts of the employee sheet as label/value pairs (FactList.vue), from the sheet read from the service or,
 * before it was ever read, from the employee list of the reference cache. Pure: the words come in as `t`.
 */
import type { Salarie } from '../../../src-shared/api/salaries'
import type { SalarieFiche } from '../../../src-shared/domain/people'
import { formatDate } from '../../components/format'

/** One fact shown: its label, its value, a test id on the value. */
export interface Fact {
  readonly label: string
  readonly value: string
  readonly testid?: string
  readonly mono?: boolean
}

/** The translation function of vue-i18n, as far as these facts need it. */
export type Words = (key: string) => string

function dateOr(t: Words, iso: string | null): string {
  return iso === null ? t('fiche.vide') : formatDate(iso)
}

function yesNo(t: Words, value: boolean): string {
  return value ? t('fiche.oui') : t('fiche.non')
}

/** Identity, establishment and employment dates (the list fields: known offline from the reference cache). */
export function identityFacts(t: Words, s: Salarie, communeOf: (nic: string) => string): Fact[] {
  return [
    { label: t('fiche.identite.matricule'), value: s.matricule, mono: true, testid: 'sheet-matricule' },
    { label: t('fiche.identite.nom'), value: s.nom },
    { label: t('fiche.identite.nomUsage'), value: s.nom_usage ?? t('fiche.vide') },
    { label: t('fiche.identite.prenom'), value: s.prenom },
    { label: t('fiche.identite.naissance'), value: formatDate(s.date_naissance) },
    { label: t('fiche.identite.email'), value: s.email ?? t('fiche.vide') },
    { label: t('fiche.identite.etablissement'), value: `${s.nic} ${communeOf(s.nic)}`.trim(), testid: 'sheet-nic' },
    { label: t('fiche.identite.entree'), value: formatDate(s.date_entree), testid: 'sheet-entree' },
    { label: t('fiche.identite.sortie'), value: dateOr(t, s.date_sortie), testid: 'sheet-sortie' },
  ]
}

/** Payment: mode, IBAN masked (#51), BIC, holder; or the absence of bank details. */
export function paymentFacts(t: Words, f: SalarieFiche): Fact[] {
  const p = f.informations_paiement
  const mode = { label: t('fiche.paiement.mode'), value: t(`fiche.paiement.modes.${p.mode_paiement}`) }
  const banque = p.coordonnees_bancaires
  if (banque === null) return [mode, { label: t('fiche.paiement.iban'), value: t('fiche.paiement.aucun'), testid: 'sheet-iban' }]
  return [
    mode,
    { label: t('fiche.paiement.iban'), value: banque.iban_masque, mono: true, testid: 'sheet-iban' },
    { label: t('fiche.paiement.bic'), value: banque.bic, mono: true, testid: 'sheet-bic' },
    { label: t('fiche.paiement.titulaire'), value: banque.titulaire, testid: 'sheet-titulaire' },
  ]
}

/** Digital safe: activated or not (list field), and its opening date (V1.7.0, sheet only). */
export function safeFacts(t: Words, s: Salarie, f: SalarieFiche | null): Fact[] {
  return [
    { label: t('fiche.coffre.etat'), value: s.coffre_active ? t('fiche.coffre.actif') : t('fiche.coffre.inactif'), testid: 'sheet-coffre' },
    ...(f === null
      ? []
      : [{ label: t('fiche.coffre.ouverture'), value: dateOr(t, f.date_ouverture_coffre), testid: 'sheet-coffre-ouverture' }]),
  ]
}

/** Social regime and the two prevoyance flags (V1.12.0), and the residence permit's type and end of validity. */
export function socialFacts(t: Words, f: SalarieFiche): Fact[] {
  const r = f.regime_social
  const permit = f.titre_sejour
  return [
    { label: t('fiche.social.regime'), value: t(`fiche.social.regimes.${r.regime}`) },
    {
      label: t('fiche.social.prevoyanceIndividuelle'),
      value: yesNo(t, r.prevoyance_individuelle),
      testid: 'sheet-prevoyance-individuelle',
    },
    {
      label: t('fiche.social.prevoyanceEtablissement'),
      value: yesNo(t, r.prevoyance_etablissement),
      testid: 'sheet-prevoyance-etablissement',
    },
    permit === null
      ? { label: t('fiche.titreSejour.titre'), value: t('fiche.titreSejour.aucun'), testid: 'sheet-titre-sejour' }
      : { label: t('fiche.titreSejour.titre'), value: t(`fiche.titreSejour.types.${permit.type}`), testid: 'sheet-titre-sejour' },
    ...(permit === null ? [] : [{ label: t('fiche.titreSejour.finValidite'), value: formatDate(permit.date_fin_validite) }]),
  ]
}
