/**
 * One-line summary of an outbox entry for the queue list and the entry page: code, dates, value or amount.
 * Pure: words come from the injected `t` (i18n keys under `resume.`), code labels from `refs`.
 *
 * Examples (fr): « HS 25 % : 3,5 h — novembre 2026 », « CP du 03/11/2026 au 05/11/2026 (½ j. fin) »,
 * « Repas : 12,50 € le 14/11/2026 », « Véhicule · 118,00 € · novembre 2026 », « HS 25 % : 3 h — novembre 2026 (contrat
 * C2) », « Suppression de l’enregistrement 9f3c… ».
 */
import type { CodeEvp } from '../../../src-shared/api/codification'
import { ENTRY_KIND_SPECS } from '../../../src-shared/domain/entry-kinds'
import type { KeyFields } from '../../../src-shared/domain/fingerprint'
import type { OutboxEntry } from '../../../src-shared/domain/outbox'
import { formatFrenchDecimal } from '../../../src-shared/domain/decimal'
import { formatDate, formatEuros, formatPeriode } from '../../components/format'
import { formatEvpCell } from '../evp'

/** Translation function (vue-i18n's `t`, narrowed). */
export type Translate = (key: string, named?: Record<string, unknown>) => string

/** Reference lookups the summary uses for labels; both may answer undefined (cache without the dossier). */
export interface SummaryRefs {
  codeEvp(siren: string, code: string): CodeEvp | undefined
  libelleAbsence(siren: string, code: string): string | undefined
}

/** What a summary reads of an entry; the payload by field name (any kind's, or a past revision's). */
type Entry = Pick<OutboxEntry, 'kind' | 'operation' | 'siren' | 'periode' | 'targetServerId'> & {
  readonly payload: KeyFields | null
  /** An update or delete of a service record: the record as read (what the change applies to), when kept. */
  readonly targetRecord?: KeyFields | null
}

function field(payload: Readonly<Record<string, unknown>>, name: string): string | null {
  const value = payload[name]
  return typeof value === 'string' && value !== '' ? value : null
}

const UNIT_KEYS: Readonly<Record<CodeEvp['unite'], string | null>> = {
  heures: 'resume.unite.heures',
  jours: 'resume.unite.jours',
  euros: null,
  pourcent: 'resume.unite.pourcent',
  texte: null,
}

function evpSummary(entry: Entry, p: Readonly<Record<string, unknown>>, t: Translate, refs: SummaryRefs, locale: string): string {
  const code = field(p, 'code_evp') ?? '?'
  const spec = refs.codeEvp(entry.siren, code)
  const label = spec?.libelle_court ?? code
  let value: string
  if (spec === undefined) {
    const raw = field(p, 'montant') ?? field(p, 'quantite') ?? field(p, 'taux')
    value = raw === null ? (field(p, 'valeur_texte') ?? '') : formatFrenchDecimal(raw)
  } else if (spec.format === 'montant' && field(p, 'montant') !== null) {
    value = formatEuros(field(p, 'montant') ?? '')
  } else {
    const unitKey = UNIT_KEYS[spec.unite]
    value = formatEvpCell(p, spec.format) + (unitKey === null || spec.format === 'texte' ? '' : ` ${t(unitKey)}`)
  }
  const periode = field(p, 'periode') ?? entry.periode
  return t('resume.evp', { code: label, valeur: value, periode: formatPeriode(periode, locale) })
}

function absenceSummary(entry: Entry, p: Readonly<Record<string, unknown>>, t: Translate, refs: SummaryRefs): string {
  const code = field(p, 'code_absence')
  const label = code === null ? t('resume.absenceSansCode') : (refs.libelleAbsence(entry.siren, code) ?? code)
  const du = field(p, 'date_debut')
  const au = field(p, 'date_fin')
  let text = label
  if (du !== null && au !== null) {
    text =
      du === au
        ? t('resume.absenceJour', { code: label, date: formatDate(du) })
        : t('resume.absencePeriode', { code: label, du: formatDate(du), au: formatDate(au) })
  }
  const halves: string[] = []
  if (p['demi_journee_debut'] === true) halves.push(t('resume.demiDebut'))
  if (p['demi_journee_fin'] === true) halves.push(t('resume.demiFin'))
  return halves.length === 0 ? text : `${text} (${halves.join(', ')})`
}

function fraisSummary(p: Readonly<Record<string, unknown>>, t: Translate): string {
  const type = field(p, 'type_frais')
  const parts = [type === null ? t('resume.fraisSansType') : t(`frais.types.${type}`)]
  const montant = field(p, 'montant')
  if (montant !== null) parts.push(formatEuros(montant))
  const km = field(p, 'kilometres')
  if (km !== null) parts.push(t('resume.kilometres', { km: formatFrenchDecimal(km) }))
  const date = field(p, 'date')
  if (date !== null) parts.push(t('resume.le', { date: formatDate(date) }))
  return parts.join(' · ')
}

/**
 * Label of the value of a kind's code field: an enum of the contract in words (`typeAvantage`: « Véhicule »), a code
 * of the dossier as it is (`PEXC`).
 */
function codeLabel(entry: Entry, p: Readonly<Record<string, unknown>>, t: Translate): string | null {
  const spec = ENTRY_KIND_SPECS[entry.kind]
  const value = field(p, spec.code)
  const type = spec.fields.find((f) => f.name === spec.code)?.type
  if (value === null) return null
  if (type === 'typeAvantage') return t(`entree.avantageTypes.${value}`)
  return type === 'typeFrais' ? t(`frais.types.${value}`) : value
}

function montantSummary(label: string | null, p: Readonly<Record<string, unknown>>, entry: Entry, locale: string): string {
  const montant = field(p, 'montant')
  const periode = field(p, 'periode') ?? entry.periode
  return [label ?? '?', montant === null ? null : formatEuros(montant), formatPeriode(periode, locale)]
    .filter((x) => x !== null)
    .join(' · ')
}

/**
 * Summary of `entry`. A delete names the server record it removes; an update is prefixed « Modification : »; a create
 * or update without payload (an entry the v6 upgrade could not read) says so. Never throws: unknown or missing fields
 * are left out.
 */
export function summarizeEntry(entry: Entry, t: Translate, refs: SummaryRefs, locale = 'fr-FR'): string {
  // A change of a record read from the service is worded from that record (the change over it): its code and period
  // are not in the patch. Its contract is left out (the service fills it in; the patch names it when it changes).
  const read = entry.operation === 'create' || entry.targetRecord == null ? null : withoutContract(entry.targetRecord)
  if (entry.operation === 'delete') {
    return read === null
      ? t('resume.suppression', { id: (entry.targetServerId ?? '').slice(0, 8) })
      : t('resume.suppressionDe', { resume: elementSummary(entry, read, t, refs, locale) })
  }
  if (entry.payload === null) return t('resume.illisible')
  const text = elementSummary(entry, read === null ? entry.payload : { ...read, ...entry.payload }, t, refs, locale)
  return entry.operation === 'update' ? t('resume.modification', { resume: text }) : text
}

function withoutContract(record: KeyFields): KeyFields {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== 'numero_contrat'))
}

/** The element `p` (fields of a payload or a record) in words. */
function elementSummary(entry: Entry, p: KeyFields, t: Translate, refs: SummaryRefs, locale: string): string {
  let text: string
  switch (entry.kind) {
    case 'evp':
      text = evpSummary(entry, p, t, refs, locale)
      break
    case 'absence':
      text = absenceSummary(entry, p, t, refs)
      break
    case 'frais':
      text = fraisSummary(p, t)
      break
    // Any other kind: its code (kind spec), amount and period.
    default:
      text = montantSummary(codeLabel(entry, p, t), p, entry, locale)
  }
  // An element of one contract of an employee holding several names it (two EVP of one code differ by it).
  const contrat = field(p, 'numero_contrat')
  if (contrat !== null) text = t('resume.avecContrat', { resume: text, numero: contrat })
  return text
}
