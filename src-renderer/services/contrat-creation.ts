/**
 * Sending a new contract (issue 16, point 3; docs/api-assumptions.md #66): ONE function, {@link submitContratCreation},
 * which the outbox will take over once a contract entry kind exists. For now the creation goes through main at once
 * (`contrats:create`) and is answered on the screen; when it cannot be sent (offline, the road broken) or its answer
 * was lost, the clerk's input is kept as a draft in Dexie (`meta` table, one row per employee: no new schema version),
 * so nothing typed is lost. A lost answer is safe to send again: the contract number is unique per employee, so a
 * contract already created refuses the second one (409) instead of doubling it.
 */
import { z } from 'zod'

import type { Contrat } from '../../src-shared/api/salaries'
import { ContratCreationFailure, type ContratCreationInput } from '../../src-shared/domain/contrat-create'
import { ContratFormValues } from '../../src-shared/domain/contrat-form'
import type { FieldIssue } from '../../src-shared/domain/validation/types'
import type { WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from '../db/schema'
import type { Reported } from '../i18n/reported'

/** The part of `window.api` this module uses. */
export type ContratsApi = Pick<WindowApi, 'contrats:create'>

/** Why a creation was kept as a draft: offline (not tried), the service unreachable, or its answer lost. */
export type DraftReason = 'hors_ligne' | 'injoignable' | 'reponse_perdue'

/** A kept draft: the form as typed, when and why it was kept (ISO instant). */
export const ContratDraft = z.object({
  values: ContratFormValues,
  savedAt: z.iso.datetime(),
  raison: z.enum(['hors_ligne', 'injoignable', 'reponse_perdue']),
})
export type ContratDraft = z.infer<typeof ContratDraft>

/**
 * Outcome of a creation: `cree` (the service's contract), `refuse` (the service refused this contract: its message and
 * field errors, `semaine` for the working time; nothing kept, the form still holds the input), `brouillon` (kept as a
 * draft, with main's failure when one came back).
 */
export type ContratCreationOutcome =
  | { readonly status: 'cree'; readonly contrat: Contrat }
  | { readonly status: 'refuse'; readonly error: Reported; readonly issues: readonly FieldIssue[] }
  | { readonly status: 'brouillon'; readonly raison: DraftReason; readonly error: Reported | null }

/** What {@link submitContratCreation} works with. */
export interface ContratCreationDeps {
  readonly db: PaieDb
  readonly api: ContratsApi
  /** Whether the app believes it is online (sync store); offline, nothing is tried. */
  readonly online: boolean
  /** Clock of the draft's `savedAt` (ms). */
  readonly now: () => number
}

function draftKey(siren: string, matricule: string): string {
  return `contrat.brouillon|${siren}|${matricule}`
}

/** The draft kept for an employee, or null (none, or one this version cannot read). */
export async function loadContratDraft(db: PaieDb, siren: string, matricule: string): Promise<ContratDraft | null> {
  const row = await db.meta.get(draftKey(siren, matricule))
  const parsed = ContratDraft.safeParse(row?.value)
  return parsed.success ? parsed.data : null
}

/** Keeps the form of an employee as a draft (replacing the previous one), durably before it resolves. */
export async function saveContratDraft(db: PaieDb, siren: string, matricule: string, draft: ContratDraft): Promise<void> {
  await db.meta.put({ key: draftKey(siren, matricule), value: draft })
}

/** Drops an employee's draft. */
export async function deleteContratDraft(db: PaieDb, siren: string, matricule: string): Promise<void> {
  await db.meta.delete(draftKey(siren, matricule))
}

/** Form field of a BridgeError path (`body.pcs_ese` → `pcs_ese`, `body.duree_travail.quotite` → `semaine`). */
export function formFieldOf(chemin: string): string {
  const field = chemin.replace(/^body\./, '')
  return field.startsWith('duree_travail') ? 'semaine' : (field.split(/[.[]/)[0] ?? '')
}

/**
 * Creates a contract: sends `input` through main when online and answers the service's contract (the draft of that
 * employee dropped); keeps `draft` (the form as typed) when offline, when the service cannot be reached, or when the
 * answer was lost; answers a refusal with its field errors. Never throws for a failure main reports.
 */
export async function submitContratCreation(
  input: ContratCreationInput,
  draft: ContratFormValues,
  deps: ContratCreationDeps,
): Promise<ContratCreationOutcome> {
  const keep = async (raison: DraftReason, error: Reported | null): Promise<ContratCreationOutcome> => {
    // Parsed into a plain copy: the form's reactive proxy cannot be stored (structured clone).
    const values = ContratFormValues.parse(draft)
    await saveContratDraft(deps.db, input.siren, input.matricule, { values, savedAt: new Date(deps.now()).toISOString(), raison })
    return { status: 'brouillon', raison, error }
  }
  if (!deps.online) return keep('hors_ligne', null)
  const result = await deps.api['contrats:create'](input)
  if (result.ok) {
    await deleteContratDraft(deps.db, input.siren, input.matricule)
    return { status: 'cree', contrat: result.value }
  }
  const failure = ContratCreationFailure.safeParse(result.error.details)
  if (!failure.success) return keep('injoignable', result.error)
  if (failure.data.errorClass === 'record') {
    const issues = failure.data.erreurs.map((e) => ({ champ: formFieldOf(e.chemin), message: e.message }))
    return { status: 'refuse', error: result.error, issues }
  }
  return keep(failure.data.errorClass === 'unknown' ? 'reponse_perdue' : 'injoignable', result.error)
}
