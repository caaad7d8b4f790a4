/**
 * The chaos suite's verdict under the exactly-once rules (docs/exactly-once.md): the renderer's outbox and audit log
 * against the records the service holds, the app's and the second writer's told apart by `cree_par`.
 *
 * Entries:
 * 1. Every entry is `synced`, `rejected` with a code and a French message, or `to_check` with a reason and its
 *    candidates (records the service holds); none is left queued, sending or unknown, and no "doublon probable" check
 *    is still due (`verifyAfter`).
 * 2. A synced entry holds a record of the service (`lost` otherwise) created by the APP's client, matching the
 *    entry's fingerprint (`fingerprintsMatch`: an empty contract number is a wildcard the service fills), held by no
 *    other entry (`wrongRecord` / `doubleHeld` otherwise). It is never linked to the second writer's record.
 * 3. Its "doublon probable" flags (`duplicates`) name records of the app's client matching it, held by no entry.
 * Records:
 * 4. Every record the app's client created is held by one synced entry, or flagged as a "doublon probable" of one,
 *    or a candidate of an entry `to_check` (`orphans` otherwise).
 * 5. `silentDuplicates`: for each entry, the records of the app's client matching it beyond the one it holds,
 *    unless the entry names them (flagged duplicates, or candidates of a `to_check`): 0.
 * 6. Records of the second writer are counted apart: identical to an app entry (that entry must be `to_check` with
 *    that record among its candidates, or synced to the app's own record created BEFORE it: the app sent first) or
 *    different (no entry may show it as a candidate). Records of any other creator: `strangers`.
 * Audit (every write accounted for):
 * 7. A synced entry's record came from one of its writes: a POST answered 201 naming it, or — its answer lost
 *    (dropped connection, late commit past the timeout, sandbox killed: no status) or proving nothing (500 after the
 *    commit: a 5xx) — such a POST followed by the reconciliation list (GET) that found the record and names it.
 * 8. Lists are GET attempts whose result is `synced`, `to_check`, `unknown` or `rejected` (a push's list) or
 *    `verified` (a "doublon probable" check, never anything else); an entry `to_check` has the list it was decided
 *    on; an entry flagged "doublon probable" has its verification list.
 * 9. Every POST the audit shows answered 201 has its record on the service (a restart lost nothing acknowledged),
 *    and every audit attempt belongs to an entry of the outbox.
 * Requests refused before any handler ran (5xx, 429, 401) change nothing on the service; they appear in the audit
 * with that status (counted in the figures) and need no record.
 */
import type { SandboxStore } from '../../src-sandbox/store/types'
import { EARLY_LIST_MAX_AGE_MS } from '../../src-main/sync/early-lists'
import { LIST_MAX_AGE_AT_WRITE_MS } from '../../src-main/sync/list-age'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import { fingerprintsMatch, recordFingerprintOf, scopeKey, scopeOf, type KeyFields } from '../../src-shared/domain/fingerprint'
import type { AuditRow, OutboxRow } from './page-data'

/**
 * Longest time between a create's pre-send list and a request of its write: the age the executor lets a list reach
 * before a request leaves (`LIST_MAX_AGE_AT_WRITE_MS`), plus the age a list taken before the push's turn may have when
 * the push takes it (docs/exactly-once.md "Lists before the turn").
 */
const LIST_TO_WRITE_MS = LIST_MAX_AGE_AT_WRITE_MS + EARLY_LIST_MAX_AGE_MS

type Collection = 'evp' | 'absences' | 'fraisProfessionnels'
const COLLECTION: Partial<Record<EntryKind, Collection>> = { evp: 'evp', absence: 'absences', frais: 'fraisProfessionnels' }

/** Counts of the verdict; every "problem" list must be empty. */
export interface ChaosVerdict {
  readonly figures: Record<string, number | Record<string, number>>
  readonly problems: ChaosProblems
}

/** What went wrong, by check (ids and short descriptions); all empty on a good run. */
export interface ChaosProblems {
  notSettled: string[]
  verificationPending: string[]
  rejectedWithoutReason: string[]
  toCheckWithoutCandidates: string[]
  lost: string[]
  wrongRecord: string[]
  doubleHeld: string[]
  linkedToOtherWriter: string[]
  badDuplicateFlag: string[]
  orphans: string[]
  silentDuplicates: string[]
  otherWriterMissed: string[]
  affectedByDifferent: string[]
  strangers: string[]
  unaccounted: string[]
  acknowledgedButMissing: string[]
}

/** The empty problem lists (what a good run shows). */
export function noProblems(): ChaosProblems {
  return {
    notSettled: [],
    verificationPending: [],
    rejectedWithoutReason: [],
    toCheckWithoutCandidates: [],
    lost: [],
    wrongRecord: [],
    doubleHeld: [],
    linkedToOtherWriter: [],
    badDuplicateFlag: [],
    orphans: [],
    silentDuplicates: [],
    otherWriterMissed: [],
    affectedByDifferent: [],
    strangers: [],
    unaccounted: [],
    acknowledgedButMissing: [],
  }
}

/** A record created during the run. */
interface Created {
  readonly id: string
  readonly kind: EntryKind
  readonly fingerprint: string
  readonly scope: string
  readonly creePar: string | null
  readonly createdAt: string
}

/** Who wrote during the run: the app's API client and the second writer's. */
export interface Writers {
  readonly app: string
  readonly other: string
}

const PUSH_LIST_RESULTS = new Set(['synced', 'to_check', 'unknown', 'rejected'])

function scopeOfRecord(kind: EntryKind, fields: KeyFields): string {
  try {
    return scopeKey(scopeOf(kind, fields))
  } catch {
    return '?'
  }
}

/** Compares the outbox and audit log with the records the service created since `initial`. */
export function chaosVerdict(
  rows: readonly OutboxRow[],
  audit: readonly AuditRow[],
  initial: SandboxStore,
  final: SandboxStore,
  writers: Writers,
): ChaosVerdict {
  const problems = noProblems()
  const created = new Map<string, Created>()
  const finalIds = new Set<string>()
  const byScope = new Map<string, Created[]>()
  for (const [kind, key] of Object.entries(COLLECTION) as [EntryKind, Collection][]) {
    const before = new Set(initial[key].map((r) => r.id))
    for (const record of final[key]) {
      finalIds.add(record.id)
      if (before.has(record.id)) continue
      const fields = record as unknown as KeyFields
      const c: Created = {
        id: record.id,
        kind,
        fingerprint: recordFingerprintOf(kind, fields),
        scope: scopeOfRecord(kind, fields),
        creePar: record.cree_par ?? null,
        createdAt: record.date_creation,
      }
      created.set(c.id, c)
      const list = byScope.get(c.scope) ?? []
      list.push(c)
      byScope.set(c.scope, list)
      if (c.creePar !== writers.app && c.creePar !== writers.other) problems.strangers.push(`${c.id} par ${c.creePar ?? '—'}`)
    }
  }
  const ofApp = (c: Created): boolean => c.creePar === writers.app
  /** Records of the run in the entry's scope whose fingerprint matches the entry's. */
  const matching = (row: OutboxRow): Created[] => {
    if (row.payload === null) return []
    const scope = scopeOfRecord(row.kind as EntryKind, row.payload)
    return (byScope.get(scope) ?? []).filter((c) => c.kind === row.kind && fingerprintsMatch(row.fingerprint, c.fingerprint))
  }

  const auditOf = new Map<string, AuditRow[]>()
  for (const a of audit) {
    const list = auditOf.get(a.clientId) ?? []
    list.push(a)
    auditOf.set(a.clientId, list)
  }
  const rowIds = new Set(rows.map((r) => r.clientId))
  const holder = new Map<string, string>()
  const flagged = new Map<string, string>()
  const candidateOf = new Map<string, string[]>()
  const toCheckReasons: Record<string, number> = {}
  let answered = 0
  let reconciled = 0
  let doublonProbable = 0

  // 1–3, 7–8: entry by entry.
  for (const row of rows) {
    const trail = auditOf.get(row.clientId) ?? []
    if (row.verifyAfter != null) problems.verificationPending.push(`${row.clientId} ${row.verifyAfter}`)
    if (row.state === 'rejected') {
      if (row.error === null || row.error.code === '' || row.error.message === '') problems.rejectedWithoutReason.push(row.clientId)
      continue
    }
    if (row.state === 'to_check') {
      const reason = row.error?.code ?? '—'
      toCheckReasons[reason] = (toCheckReasons[reason] ?? 0) + 1
      const candidates = row.candidates ?? []
      if (candidates.length === 0 || row.error === null) problems.toCheckWithoutCandidates.push(`${row.clientId} (${reason})`)
      for (const c of candidates) {
        if (!finalIds.has(c.id)) problems.lost.push(`${row.clientId}: candidat ${c.id} absent du service`)
        candidateOf.set(c.id, [...(candidateOf.get(c.id) ?? []), row.clientId])
      }
      if (!trail.some((a) => a.method === 'GET' && a.result === 'to_check'))
        problems.unaccounted.push(`${row.clientId} à vérifier sans la liste qui l’a décidé`)
      continue
    }
    if (row.state !== 'synced' || row.serverId === null) {
      problems.notSettled.push(`${row.clientId} ${row.state}`)
      continue
    }
    const record = created.get(row.serverId)
    if (record === undefined) {
      problems.lost.push(`${row.clientId} → ${row.serverId}`)
      continue
    }
    if (record.creePar === writers.other) problems.linkedToOtherWriter.push(`${row.clientId} → ${row.serverId}`)
    const other = holder.get(row.serverId)
    if (other !== undefined) problems.doubleHeld.push(`${row.serverId} tenu par ${other} et ${row.clientId}`)
    holder.set(row.serverId, row.clientId)
    if (!fingerprintsMatch(row.fingerprint, record.fingerprint))
      problems.wrongRecord.push(`${row.clientId}: ${row.fingerprint} ≠ ${record.fingerprint}`)
    for (const d of row.duplicates ?? []) {
      const dup = created.get(d.id)
      if (dup === undefined || !ofApp(dup) || !fingerprintsMatch(row.fingerprint, dup.fingerprint) || d.id === row.serverId)
        problems.badDuplicateFlag.push(`${row.clientId} signale ${d.id}`)
      flagged.set(d.id, row.clientId)
    }
    if ((row.duplicates ?? []).length > 0) {
      doublonProbable += 1
      if (!trail.some((a) => a.method === 'GET' && a.result === 'verified'))
        problems.unaccounted.push(`${row.clientId} doublon probable sans sa liste de vérification`)
    }
    const posts = trail.filter((a) => a.method === 'POST')
    if (posts.some((a) => a.status === 201 && a.serverId === row.serverId)) {
      answered += 1
    } else if (
      posts.some((a) => a.status === null || a.status >= 500) &&
      trail.some((a) => a.method === 'GET' && a.serverId === row.serverId && a.result === 'synced')
    ) {
      reconciled += 1
    } else {
      problems.unaccounted.push(`${row.clientId} (${trail.map((a) => `${a.method} ${a.status ?? '—'}`).join(', ') || 'aucune tentative'})`)
    }
  }
  for (const [id, by] of flagged)
    if (holder.has(id)) problems.badDuplicateFlag.push(`${by} signale ${id}, tenu par ${holder.get(id) ?? ''}`)

  // 4–6: record by record.
  const otherIdentical = new Set<string>()
  let otherRaced = 0
  /**
   * The service's clock minus the app's, ms: the sandbox's clock starts at its business date (`--today`), not now. From
   * the app's writes answered 201: each record's creation instant minus its POST's start is that offset plus the time
   * the request took to commit, so the smallest one is the offset within a few ms (null when there is none).
   */
  let serviceMinusAppMs: number | null = null
  for (const row of rows) {
    if (row.state !== 'synced' || row.serverId === null) continue
    const record = created.get(row.serverId)
    if (record === undefined) continue
    for (const a of auditOf.get(row.clientId) ?? [])
      if (a.method === 'POST' && a.status === 201 && a.serverId === row.serverId) {
        const delta = Date.parse(record.createdAt) - Date.parse(a.at)
        serviceMinusAppMs = serviceMinusAppMs === null ? delta : Math.min(serviceMinusAppMs, delta)
      }
  }
  /** Longest time by which a raced copy of the second writer came before the app's last write of the entry, ms. */
  let raceGapMaxMs = 0
  /** The same, to the app's record's creation (a held commit included): what the verdict compared before, ms. */
  let raceRecordGapMaxMs = 0
  /** Starts of the lists in an entry's audit trail, on the service's clock (for the verdict's messages). */
  const listStarts = (clientId: string): string =>
    (auditOf.get(clientId) ?? [])
      .filter((a) => a.method === 'GET')
      .map((a) => `${new Date(Date.parse(a.at) + (serviceMinusAppMs ?? 0)).toISOString()} ${a.result}`)
      .join(', ') || 'aucune'
  /** Copies of the second writer created after the list that put their entry `to_check` started (so not candidates). */
  let afterDecision = 0
  for (const row of rows) {
    const named = new Set([
      ...(row.serverId === null ? [] : [row.serverId]),
      ...(row.duplicates ?? []).map((d) => d.id),
      ...(row.candidates ?? []).map((c) => c.id),
    ])
    for (const c of matching(row)) {
      if (ofApp(c)) {
        if (!named.has(c.id))
          problems.silentDuplicates.push(
            `${row.clientId} (${row.state}) : ${c.id} en plus${row.serverId === null ? '' : ` de ${row.serverId}`}`,
          )
        continue
      }
      if (c.creePar !== writers.other) continue
      otherIdentical.add(c.id)
      if (row.state === 'to_check' && named.has(c.id)) continue
      if (row.state === 'to_check' && serviceMinusAppMs !== null) {
        // Not among the candidates: fine only if the copy came after the list the entry was decided on started (that
        // list could not show it, and nothing of the entry was written after it).
        const decided = (auditOf.get(row.clientId) ?? [])
          .filter((a) => a.method === 'GET' && a.result === 'to_check')
          .map((a) => Date.parse(a.at))
        if (decided.length > 0 && Date.parse(c.createdAt) >= Math.max(...decided) + serviceMinusAppMs) {
          afterDecision += 1
          continue
        }
      }
      const own = row.state === 'synced' && row.serverId !== null ? created.get(row.serverId) : undefined
      // Raced: the copy came after the app's last write of the entry, or before it but after the pre-send list that
      // write was checked against (at most LIST_TO_WRITE_MS before the write leaves: the app enforces it); no client
      // can see a record created after its list without idempotency keys (docs/exactly-once.md). The write's start is
      // its audit instant brought to the service's clock (serviceMinusAppMs), not the record's creation: that one may
      // come a held commit (up to 10 s in the long-late spell) after the start.
      const writes = (auditOf.get(row.clientId) ?? []).filter((a) => a.method === 'POST').map((a) => Date.parse(a.at))
      const lastWrite =
        writes.length === 0 || serviceMinusAppMs === null
          ? own === undefined
            ? null
            : Date.parse(own.createdAt)
          : Math.max(...writes) + serviceMinusAppMs
      const gap = lastWrite === null ? null : lastWrite - Date.parse(c.createdAt)
      if (own !== undefined && ofApp(own) && gap !== null && gap <= LIST_TO_WRITE_MS) {
        otherRaced += 1
        raceGapMaxMs = Math.max(raceGapMaxMs, gap)
        raceRecordGapMaxMs = Math.max(raceRecordGapMaxMs, Date.parse(own.createdAt) - Date.parse(c.createdAt))
      } else
        problems.otherWriterMissed.push(
          `${row.clientId} (${row.state}) : ${c.id} de ${writers.other} créé ${c.createdAt}${gap === null ? '' : `, ${gap} ms avant la dernière écriture`}${row.candidates === undefined || row.candidates === null ? '' : ' absent des candidats'}, listes ${listStarts(row.clientId)}`,
        )
    }
  }
  for (const c of created.values()) {
    if (ofApp(c)) {
      if (!holder.has(c.id) && !flagged.has(c.id) && !candidateOf.has(c.id)) problems.orphans.push(c.id)
    } else if (c.creePar === writers.other && !otherIdentical.has(c.id) && candidateOf.has(c.id)) {
      problems.affectedByDifferent.push(`${c.id} candidat de ${(candidateOf.get(c.id) ?? []).join(', ')}`)
    }
  }

  // 8–9: the audit as a whole.
  for (const a of audit) {
    if (!rowIds.has(a.clientId)) problems.lost.push(`tentative de ${a.clientId}, saisie absente de la file`)
    if (a.method === 'GET' && !PUSH_LIST_RESULTS.has(a.result) && a.result !== 'verified')
      problems.unaccounted.push(`${a.clientId} : liste de résultat ${a.result}`)
    if (a.result === 'verified' && a.method !== 'GET') problems.unaccounted.push(`${a.clientId} : vérification ${a.method}`)
    if (a.method === 'POST' && a.status === 201 && a.serverId !== null && !finalIds.has(a.serverId))
      problems.acknowledgedButMissing.push(`${a.clientId} → ${a.serverId}`)
  }

  const statuses = new Map<string, number>()
  for (const a of audit) {
    const key =
      a.status === null
        ? a.method === 'GET'
          ? 'listNoAnswer'
          : 'noAnswer'
        : a.status >= 500 || a.status === 429 || a.status === 401
          ? `http${a.status}`
          : null
    if (key !== null) statuses.set(key, (statuses.get(key) ?? 0) + 1)
  }
  /** Writes the app gave up waiting for (its 5 s timeout): late commits, mostly. */
  const timedOut = new Set(audit.filter((a) => a.method === 'POST' && a.status === null && a.durationMs >= 4_900).map((a) => a.clientId))
  const otherRecords = [...created.values()].filter((c) => c.creePar === writers.other)
  return {
    figures: {
      entries: rows.length,
      synced: rows.filter((r) => r.state === 'synced').length,
      rejected: rows.filter((r) => r.state === 'rejected').length,
      toCheck: rows.filter((r) => r.state === 'to_check').length,
      toCheckByReason: toCheckReasons,
      doublonProbable,
      lost: problems.lost.length + problems.acknowledgedButMissing.length,
      silentDuplicates: problems.silentDuplicates.length,
      orphans: problems.orphans.length,
      createdOnServer: created.size,
      createdByApp: [...created.values()].filter(ofApp).length,
      secondWriterIdentical: otherIdentical.size,
      secondWriterDifferent: otherRecords.length - otherIdentical.size,
      secondWriterRacedByApp: otherRaced,
      secondWriterRaceGapMaxMs: raceGapMaxMs,
      secondWriterRaceRecordGapMaxMs: raceRecordGapMaxMs,
      secondWriterAfterDecision: afterDecision,
      serviceMinusAppMs: serviceMinusAppMs ?? -1,
      auditAttempts: audit.length,
      writesAnswered: answered,
      writesReconciledAfterLostAnswer: reconciled,
      entriesWithTimedOutWrite: timedOut.size,
      unaccounted: problems.unaccounted.length,
      ...Object.fromEntries([...statuses.entries()].map(([k, n]) => [`audit_${k}`, n])),
    },
    problems,
  }
}
