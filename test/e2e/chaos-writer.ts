/**
 * The chaos suite's second writer: another API client of the same cabinet (a colleague's workstation, the vendor's
 * web screens) entering records over HTTP in the dossiers the app is syncing, during the run:
 * - IDENTICAL records to entries of the app still waiting in its queue (the same EVP or absence entered twice):
 *   the app must put those entries « à vérifier » (IDENTIQUE_EXISTANT), never link them to the other writer's
 *   record nor create a second one;
 * - DIFFERENT records in the same scopes (same employee and period, another value or another code or day): no
 *   effect on the app's entries.
 * It meets the sandbox's faults like the app (5xx, drops, late commits…): a write whose answer proves nothing was
 * committed is sent again; any other failure is left as it is (the verdict reads what the service holds).
 */
import { createApiClient, type ApiClient } from '../../src-main/api/client'
import { ApiError } from '../../src-main/api/errors'
import { SEED_CLIENTS } from '../../src-sandbox/store/seed'
import type { SandboxStore } from '../../src-sandbox/store/types'
import { AbsenceCreateDto, EvpCreateDto } from '../../src-shared/api/entries'
import type { OutboxRow } from './page-data'

/** The seed API client playing the other writer: every right but expenses and cabinet, assigned to the 4 dossiers. */
export const SECOND_WRITER_ID = 'gestionnaire-restreint'

/** What became of one write of the second writer. */
export type WriteResult = 'created' | 'ambiguous' | 'refused' | 'gave_up'

/** A record the second writer enters: its kind, its payload, and whether it copies an app entry. */
export interface OtherRecord {
  readonly kind: 'evp' | 'absence'
  readonly payload: Readonly<Record<string, unknown>>
  readonly identicalTo: string | null
}

export interface SecondWriter {
  readonly clientId: string
  /** Writes `records`, `concurrency` at a time; resolves when all are settled (never rejects). */
  write(records: readonly OtherRecord[]): Promise<void>
  /** Counts per result and per kind of record (identical / different). */
  readonly counts: Record<string, number>
}

const RETRIES = 10

/** The second writer, talking to the sandbox at `url` with its own API client (own token, own clock). */
export function createSecondWriter(url: string, clientId: string = SECOND_WRITER_ID): SecondWriter {
  const seed = SEED_CLIENTS.find((c) => c.client_id === clientId)
  if (seed === undefined) throw new Error(`Client API inconnu des données du bac à sable : ${clientId}`)
  const client: ApiClient = createApiClient({ baseUrl: url, clientId, clientSecret: seed.client_secret, timeoutMs: 15_000 })
  const counts: Record<string, number> = {}
  const note = (key: string): void => {
    counts[key] = (counts[key] ?? 0) + 1
  }

  async function once(record: OtherRecord): Promise<void> {
    if (record.kind === 'evp') await client.call('creerEvp', { body: EvpCreateDto.parse(record.payload) })
    else await client.call('creerAbsence', { body: AbsenceCreateDto.parse(record.payload) })
  }

  async function writeOne(record: OtherRecord): Promise<WriteResult> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      try {
        await once(record)
        return 'created'
      } catch (thrown) {
        if (!(thrown instanceof ApiError)) throw thrown
        // Nothing committed (connection refused, no token, 429, 401, 503 + Retry-After): send again a bit later.
        if (!thrown.sent || thrown.errorClass === 'global') {
          await new Promise((ok) => setTimeout(ok, Math.max(300, Math.min(thrown.retryAfterMs ?? 0, 2_000))))
          continue
        }
        return thrown.errorClass === 'unknown' ? 'ambiguous' : 'refused'
      }
    }
    return 'gave_up'
  }

  return {
    clientId,
    counts,
    async write(records) {
      const queue = [...records]
      const worker = async (): Promise<void> => {
        for (let r = queue.shift(); r !== undefined; r = queue.shift()) {
          const result = await writeOne(r).catch(() => 'gave_up' as const)
          note(`${r.identicalTo === null ? 'different' : 'identical'}_${result}`)
        }
      }
      await Promise.all([worker(), worker(), worker()])
    },
  }
}

/**
 * Queued entries left alone at the head of the queue: more than one push (MAX_PUSH_BATCH, 500) plus its margin. A
 * push lists its scopes first and writes over the next seconds: a copy committed between that list and the app's
 * write would be a race no client can see without idempotency keys, not the case under test (a copy already there).
 */
const CLAIM_MARGIN = 700

/** Claim order of the app's queue (oldest `createdAt` first, then `clientId`: src-renderer/db/outbox-sync.ts). */
function byClaimOrder(a: OutboxRow, b: OutboxRow): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.clientId < b.clientId ? -1 : 1
}

/** `count` distinct items of `from`, drawn with `random`. */
function draw<T>(from: readonly T[], count: number, random: () => number): T[] {
  const pool = [...from]
  const out: T[] = []
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!)
  return out
}

/**
 * The records of one round of the second writer, drawn with `random` from the app's outbox as it is now:
 * `identical` copies of EVP and absence entries still `queued` far from the head of the queue (past the first
 * {@link CLAIM_MARGIN} in claim order, so the copy lands before the app lists them; none when the queue is shorter), and `different` records in the scopes of other EVP and
 * absence entries (another quantity or code of the same employee and period; an absence on another day).
 */
export function secondWriterRound(
  rows: readonly OutboxRow[],
  store: SandboxStore,
  counts: { identical: number; different: number },
  random: () => number,
): OtherRecord[] {
  const queued = rows.filter((r) => r.state === 'queued').sort(byClaimOrder)
  const tail = queued.slice(CLAIM_MARGIN).filter((r) => (r.kind === 'evp' || r.kind === 'absence') && r.payload !== null)
  const identical = draw(tail, counts.identical, random)
  const taken = new Set(identical.map((r) => r.clientId))
  const others = draw(
    rows.filter((r) => !taken.has(r.clientId) && (r.kind === 'evp' || r.kind === 'absence') && r.payload !== null),
    counts.different,
    random,
  )
  return [
    ...identical.map((r): OtherRecord => ({ kind: r.kind as 'evp' | 'absence', payload: { ...r.payload }, identicalTo: r.clientId })),
    ...others.map((r, i): OtherRecord => differentFrom(r, store, i)),
  ]
}

/**
 * A record in the scope of `row` that is not any entry of the app: an EVP of another visible quantity code (or the
 * same code with a quantity the app never uses: the app's have three decimals, 1.001…3.000); an absence of the
 * same code on a day 14 days away (the app enters one absence per employee).
 */
function differentFrom(row: OutboxRow, store: SandboxStore, i: number): OtherRecord {
  const p = row.payload ?? {}
  if (row.kind === 'absence') {
    const start = String(p['date_debut'])
    const day = 1 + ((Number(start.slice(8, 10)) - 1 + 14) % 28)
    const date = `${start.slice(0, 8)}${String(day).padStart(2, '0')}`
    return { kind: 'absence', payload: { ...p, date_debut: date, date_fin: date }, identicalTo: null }
  }
  const siren = String(p['siren'])
  const codes = (store.codesEvp[siren] ?? [])
    .filter((c) => !c.masque && c.format === 'quantite' && c.code !== p['code_evp'])
    .map((c) => c.code)
  const code = i % 2 === 0 || codes.length === 0 ? p['code_evp'] : codes[i % codes.length]
  return { kind: 'evp', payload: { ...p, code_evp: code, quantite: `${10 + (i % 7)}.5` }, identicalTo: null }
}
