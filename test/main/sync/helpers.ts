/**
 * Helpers of the sync tests: a real sandbox on 127.0.0.1, a connection counting its requests, and valid entries
 * of every kind for quiet employees of the big dossier (A, 260 employees).
 */
import { randomUUID } from 'node:crypto'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS, SEED_CLIENTS, SEED_DOSSIERS } from '../../../src-sandbox/store/seed'
import type { SandboxStore } from '../../../src-sandbox/store/types'
import { createPayrollConnection, type PayrollConnection } from '../../../src-main/services/connection'
import type { ResponseInfo } from '../../../src-main/api/client'
import type { RateBudgetOptions } from '../../../src-main/sync/rate-budget'
import { createSyncExecutor, type SyncExecutor, type SyncExecutorOptions } from '../../../src-main/sync/executor'
import type { EntryKind, EntryOperation } from '../../../src-shared/domain/entry-kinds'
import { fingerprintOf, fingerprintsMatch, recordFingerprintOf, scopeOf } from '../../../src-shared/domain/fingerprint'
import { SyncItem } from '../../../src-shared/domain/sync-protocol'

/** Business date of every sync test (a Monday; periode_paie_en_cours of dossier A is 2026-11). */
export const TODAY = '2026-11-16'
export const PERIODE = '2026-11'

/** SIREN of the big dossier (A). */
export const BIG_SIREN = SEED_DOSSIERS.find((d) => d.cle === 'A')?.siren ?? ''

/** Starts a sandbox with a fixed seed and date, no rate limit unless asked. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ seed: 7, today: TODAY, rateLimit: false, ...options })
}

/** A connection to `sandbox` and the log of every answer it received. */
export interface CountingConnection {
  readonly connection: PayrollConnection
  /** Every answer, in order, with the instant (performance.now(), ms) it was received. */
  readonly responses: (ResponseInfo & { readonly receivedAt: number })[]
  /** Number of answers of `operation`. */
  readonly count: (operation: string) => number
}

/** Connection to the sandbox with the given seed client (demo by default), recording every answer. */
export function connect(
  sandbox: RunningSandbox,
  clientId: string = DEMO_CREDENTIALS.client_id,
  extra: { fetch?: typeof fetch; budget?: RateBudgetOptions; timeoutMs?: number } = {},
): CountingConnection {
  const secret = SEED_CLIENTS.find((c) => c.client_id === clientId)?.client_secret ?? DEMO_CREDENTIALS.client_secret
  const responses: (ResponseInfo & { receivedAt: number })[] = []
  const connection = createPayrollConnection({
    baseUrl: sandbox.url,
    clientId,
    clientSecret: secret,
    ...extra,
    onResponse: (info) => responses.push({ ...info, receivedAt: performance.now() }),
  })
  return { connection, responses, count: (operation) => responses.filter((r) => r.operation === operation).length }
}

/**
 * Employees of the dossier with exactly one contract, open-ended and started before the period, no exit date, and no
 * absence in the period: entries of every kind can be created for them without meeting the seed's own data.
 */
export function quietEmployees(store: SandboxStore, siren: string = BIG_SIREN, periode: string = PERIODE): string[] {
  const du = `${periode}-01`
  return store.salaries
    .filter((s) => {
      if (s.siren !== siren || s.date_sortie !== null) return false
      const contrats = store.contrats.filter((c) => c.siren === siren && c.matricule === s.matricule)
      const [only] = contrats
      if (contrats.length !== 1 || only === undefined || only.date_fin !== null || only.date_debut > du) return false
      return !store.absences.some((a) => a.siren === siren && a.matricule === s.matricule && a.date_fin >= du)
    })
    .map((s) => s.matricule)
}

/** Codes of the dossier for valid entries: an EVP code in hours, an absence code without half days, a bonus code. */
export function codesOf(store: SandboxStore, siren: string = BIG_SIREN): { evp: string; absence: string; prime: string } {
  const evp = store.codesEvp[siren]?.find((c) => c.format === 'quantite' && !c.masque)?.code
  const available = store.codesAbsencesParDossier[siren] ?? []
  const absence = store.codesAbsences.find((c) => available.includes(c.code))?.code
  const prime = store.codesPrimesIndemnites[siren]?.[0]?.code
  if (evp === undefined || absence === undefined || prime === undefined) throw new Error('codes absents du seed')
  return { evp, absence, prime }
}

/**
 * A valid create payload of `kind` for `matricule`; `n` (1..28) varies the values (and the day) so that entries of
 * one employee have distinct fingerprints.
 */
export function payloadOf(
  kind: EntryKind,
  matricule: string,
  codes: { evp: string; absence: string; prime: string },
  n = 1,
  siren: string = BIG_SIREN,
): Record<string, unknown> {
  const day = `${PERIODE}-${String(n).padStart(2, '0')}`
  switch (kind) {
    case 'evp':
      return { siren, matricule, periode: PERIODE, code_evp: codes.evp, quantite: `${n}.5` }
    case 'absence':
      return {
        siren,
        matricule,
        code_absence: codes.absence,
        date_debut: day,
        date_fin: day,
        demi_journee_debut: false,
        demi_journee_fin: false,
      }
    case 'frais':
      return { siren, matricule, periode: PERIODE, date: day, type_frais: 'repas', montant: `${10 + n}.20` }
    case 'prime':
      return { siren, matricule, periode: PERIODE, code_prime: codes.prime, montant: `${100 + n}.00` }
    case 'avantage':
      return { siren, matricule, periode: PERIODE, type_avantage: 'nourriture', mode_evaluation: 'forfait', montant: `${5 + n}.10` }
  }
}

/** A sync item as the renderer sends it, before main's IPC boundary parses it (`rawItemOf`). */
export type RawSyncItem = Record<string, unknown>

/**
 * A sync item as the renderer builds it, not parsed (fingerprint and scope computed as the renderer does, from
 * `keyFields`: the create payload, or for an update or delete the fields of the record it targets).
 */
export function rawItemOf(
  kind: EntryKind,
  payload: Record<string, unknown> | null,
  extra: Record<string, unknown> & { operation?: EntryOperation; keyFields?: Record<string, unknown> } = {},
): RawSyncItem {
  const { keyFields = payload ?? {}, ...rest } = extra
  return {
    clientId: randomUUID(),
    revision: 1,
    kind,
    operation: 'create',
    payload,
    targetServerId: null,
    fingerprint: fingerprintOf(kind, keyFields),
    scope: scopeOf(kind, keyFields),
    reconcile: false,
    claimedServerIds: [],
    ...rest,
  }
}

/** A sync item as the executor receives it: {@link rawItemOf} parsed as main's IPC boundary parses it. */
export function itemOf(
  kind: EntryKind,
  payload: Record<string, unknown> | null,
  extra: Record<string, unknown> & { operation?: EntryOperation; keyFields?: Record<string, unknown> } = {},
): SyncItem {
  return SyncItem.parse(rawItemOf(kind, payload, extra))
}

/** Largest number of requests in flight at once, from the answers' receive instants and durations. */
export function peakConcurrency(responses: readonly { receivedAt: number; durationMs: number; operation: string }[]): number {
  const edges = responses
    .filter((r) => r.operation !== 'obtenirJeton')
    .flatMap((r) => [
      { t: r.receivedAt - r.durationMs, d: 1 },
      { t: r.receivedAt, d: -1 },
    ])
    .sort((a, b) => a.t - b.t || a.d - b.d)
  let current = 0
  let peak = 0
  for (const e of edges) {
    current += e.d
    peak = Math.max(peak, current)
  }
  return peak
}

/** Server records of `kind` in the store. */
export function recordsOf(store: SandboxStore, kind: EntryKind): readonly { id: string }[] {
  switch (kind) {
    case 'evp':
      return store.evp
    case 'absence':
      return store.absences
    case 'frais':
      return store.fraisProfessionnels
    case 'prime':
      return store.primesIndemnites
    case 'avantage':
      return store.avantagesNature
  }
}

/** Number of server records of `kind` whose natural key is the item's (its fingerprint). */
export function serverCopies(store: SandboxStore, item: SyncItem): number {
  return recordsOf(store, item.kind).filter((r) =>
    fingerprintsMatch(item.fingerprint, recordFingerprintOf(item.kind, r as unknown as Record<string, unknown>)),
  ).length
}

/** Total number of entry records on the server (every kind). */
export function entryCount(store: SandboxStore): number {
  return (
    store.evp.length +
    store.absences.length +
    store.fraisProfessionnels.length +
    store.primesIndemnites.length +
    store.avantagesNature.length
  )
}

/**
 * The executor of `connection` as the sync handler wires it (its API client id, its service clock), with no settle
 * time unless given: these tests make writes commit or fail at once, and reconcile right after.
 */
export function executorOf(connection: PayrollConnection, extra: Partial<SyncExecutorOptions> = {}): SyncExecutor {
  return createSyncExecutor({
    client: connection.client,
    budget: connection.budget,
    ownClientId: connection.clientId,
    serverOffsetMs: () => connection.clock.offsetMs(),
    settleMs: 0,
    ...extra,
  })
}
