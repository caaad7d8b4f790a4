/**
 * « Reprendre le mois précédent » (issue 14, point 6): the EVP of the previous period, as the service holds them,
 * proposed again for the period being entered. Pure, no runtime dependency; the renderer turns the proposals into
 * drafts or queued entries only once the clerk confirmed them.
 *
 * What recurs: every EVP record of the previous period is a candidate and the clerk unticks what does not recur
 * (assumption: the reference does not say which elements recur; docs/api-assumptions.md #46). A candidate is proposed
 * only when:
 * 1. its salarié is present this period ({@link presentOver}, the one presence rule; a salarié unknown to the cache or
 *    whose dates are refused, rule 4 of presence.ts, gets nothing);
 * 2. its code is still offered for entry ({@link offeredForEntry}: visible to the GP side, not hidden);
 * 3. its contract still runs this period (contracts cut at the exit date, {@link contractsOver}); a salarié without
 *    any contract listed keeps his employment as the rule (presence.ts rule 5). As in the EVP grid (gridRows.ts), the
 *    contract number is sent only when two or more contracts run this period; otherwise the service assigns the only
 *    one (docs/api-assumptions.md #18);
 * 4. its cell is not already held this period: no service record and no live local entry (any state but cancelled)
 *    with the same natural key ({@link sameNaturalKey}: siren, matricule, contract, period, code; a cell without
 *    contract holds every contract's cell of that code, and the other way round);
 * 5. no earlier candidate already proposed that cell (the first in the service's order wins).
 * The values (quantite, taux, montant, valeur_texte) are copied; the comment is not (it spoke of the previous month).
 */
import type { Evp } from '../api/entries'
import type { EntryKind } from './entry-kinds'
import { sameNaturalKey, type KeyFields } from './fingerprint'
import { contractsOver, InvalidEmploymentDatesError, presentOver, type ContractSpan, type EmploymentDates } from './presence'
import { addMonths, periodEnd, periodStart } from './validation/calendar'
import { offeredForEntry, type VisibleCode } from './validation/visibility'

/** A salarié as far as carrying over goes: his matricule and the dates presence is decided on. */
export interface CarrySalarie extends EmploymentDates {
  readonly matricule: string
  readonly contrats: readonly (ContractSpan & { readonly numero_contrat: string })[]
}

/** An EVP code as far as carrying over goes. */
export interface CarryCode extends VisibleCode {
  readonly code: string
}

/** A local entry of the period being entered (an outbox entry: its kind, state and create body or patch). */
export interface CarryLocalEntry {
  readonly kind: EntryKind
  readonly state: string
  readonly payload: KeyFields | null
  /** For an update or delete: the targeted record's fields, when known. */
  readonly targetRecord?: KeyFields | null
}

/** What {@link carryOver} works on. */
export interface CarryOverInput {
  /** The period being entered, `YYYY-MM`; the previous records are those of the month before. */
  readonly periode: string
  /** The service's EVP records of the previous period (records:refresh of that period). */
  readonly previousRecords: readonly Evp[]
  /** This workstation's entries of the period being entered (every kind and state: filtered here). */
  readonly localEntries: readonly CarryLocalEntry[]
  /** The service's EVP records of the period being entered. */
  readonly currentRecords: readonly Evp[]
  /** The dossier's salariés (the cached list; presence is decided here). */
  readonly salaries: readonly CarrySalarie[]
  /** The dossier's EVP codes (visibility is decided here). */
  readonly codes: readonly CarryCode[]
}

/** One proposal: an EVP create body for the period being entered, and the record it comes from. */
export interface CarryProposal {
  /** `matricule` then `|numero_contrat` when sent, then `|code_evp`: unique among the proposals. */
  readonly key: string
  /** Server id of the previous period's record it copies. */
  readonly sourceId: string
  /** The EVP create body (wire shape, EvpCreateDto): `numero_contrat` only when several contracts run. */
  readonly payload: {
    readonly siren: string
    readonly matricule: string
    readonly numero_contrat?: string
    readonly periode: string
    readonly code_evp: string
    readonly quantite: string | null
    readonly taux: string | null
    readonly montant: string | null
    readonly valeur_texte: string | null
  }
}

/** The period before `periode` (`YYYY-MM`): `2026-01` -> `2025-12`. */
export function previousPeriod(periode: string): string {
  return addMonths(periode, -1)
}

/** Fields of the cell a local entry holds: its create body, else the record an update or delete targets. */
function heldFields(entry: CarryLocalEntry): KeyFields | null {
  if (entry.kind !== 'evp' || entry.state === 'cancelled') return null
  return entry.payload !== null && typeof entry.payload['code_evp'] === 'string' ? entry.payload : (entry.targetRecord ?? null)
}

/** True when `a` and `b` are the same cell, a missing contract on either side matching any contract (rule 4). */
function sameCell(a: KeyFields, b: KeyFields): boolean {
  return sameNaturalKey('evp', a, b) || sameNaturalKey('evp', b, a)
}

/** Contracts running this period, or null when the salarié is absent or his dates are refused (rules 1, 3). */
function runningContracts(salarie: CarrySalarie, du: string, au: string): readonly { readonly numero_contrat: string }[] | null {
  try {
    if (!presentOver(salarie, { du, au })) return null
    return contractsOver(salarie, { du, au })
  } catch (error) {
    if (error instanceof InvalidEmploymentDatesError) return null
    throw error
  }
}

/**
 * The proposals of « Reprendre le mois précédent » for `input.periode`, in the order of `input.previousRecords`
 * (rules 1 to 5 of the file comment). Records of another period than the previous one are ignored. Never throws.
 */
export function carryOver(input: CarryOverInput): CarryProposal[] {
  const previous = previousPeriod(input.periode)
  const du = periodStart(input.periode)
  const au = periodEnd(input.periode)
  const salaries = new Map(input.salaries.map((s) => [s.matricule, s]))
  const offered = new Set(input.codes.filter(offeredForEntry).map((c) => c.code))
  const held: KeyFields[] = [
    ...input.currentRecords.filter((r) => r.periode === input.periode),
    ...input.localEntries.flatMap((e) => {
      const fields = heldFields(e)
      return fields === null ? [] : [fields]
    }),
  ]
  const proposals: CarryProposal[] = []
  for (const record of input.previousRecords) {
    if (record.periode !== previous || !offered.has(record.code_evp)) continue
    const salarie = salaries.get(record.matricule)
    if (salarie === undefined) continue
    const running = runningContracts(salarie, du, au)
    if (running === null) continue
    const stillRuns = salarie.contrats.length === 0 || running.some((c) => c.numero_contrat === record.numero_contrat)
    if (!stillRuns) continue
    const payload = {
      siren: record.siren,
      matricule: record.matricule,
      ...(running.length >= 2 ? { numero_contrat: record.numero_contrat } : {}),
      periode: input.periode,
      code_evp: record.code_evp,
      quantite: record.quantite,
      taux: record.taux,
      montant: record.montant,
      valeur_texte: record.valeur_texte,
    }
    if (held.some((h) => sameCell(payload, h))) continue
    held.push(payload)
    const contract = payload.numero_contrat === undefined ? '' : `|${payload.numero_contrat}`
    proposals.push({ key: `${record.matricule}${contract}|${record.code_evp}`, sourceId: record.id, payload })
  }
  return proposals
}
