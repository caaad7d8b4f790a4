/**
 * The chaos suite's verdict: the renderer's outbox and audit log against the server's records.
 *
 * What "the audit log accounts for every attempt" means here (checked record by record):
 * 1. Every record the server created during the run is held by exactly one synced entry (its `serverId`), with the
 *    entry's fingerprint: no orphan, no double (two records with one fingerprint), nothing lost (a synced entry
 *    whose record is missing).
 * 2. The write that created each record is in that entry's audit trail, one of two ways:
 *    - answered: a POST attempt with status 201 naming the record's id;
 *    - answer lost (connection dropped after the commit, sandbox killed, renderer reloaded mid-push): a POST attempt
 *      WITHOUT a status (no answer came), followed by the reconciliation list (GET) that found the record and names
 *      its id.
 *    The server's side of a lost answer is the committed record itself; the client's side is the unanswered
 *    attempt: together they account for the request.
 * 3. Every POST the audit shows answered 201 has its record on the server (a restart lost nothing acknowledged).
 * 4. Every entry is `synced` or `rejected`; a rejected one carries a code and a French message.
 * Requests refused before any handler ran (5xx, 429, 401) change nothing on the server; they appear in the audit
 * as attempts with that status (counted in the figures) and need no record.
 */
import type { SandboxStore } from '../../src-main/sandbox/store/types'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import type { AuditRow, OutboxRow } from './page-data'

type Collection = 'evp' | 'absences' | 'fraisProfessionnels'
const COLLECTION: Partial<Record<EntryKind, Collection>> = { evp: 'evp', absence: 'absences', frais: 'fraisProfessionnels' }

/** Counts of the verdict; every "problem" list must be empty. */
export interface ChaosVerdict {
  readonly figures: Record<string, number>
  readonly problems: ChaosProblems
}

/** What went wrong, by check (ids and short descriptions); all empty on a good run. */
export interface ChaosProblems {
  notSettled: string[]
  rejectedWithoutReason: string[]
  duplicates: string[]
  lost: string[]
  orphans: string[]
  wrongRecord: string[]
  unaccounted: string[]
  acknowledgedButMissing: string[]
}

/** Compares the outbox and audit log with the records the server created since `initial`. */
export function chaosVerdict(rows: readonly OutboxRow[], audit: readonly AuditRow[], initial: SandboxStore, final: SandboxStore): ChaosVerdict {
  const problems: ChaosProblems = { notSettled: [], rejectedWithoutReason: [], duplicates: [], lost: [], orphans: [], wrongRecord: [], unaccounted: [], acknowledgedButMissing: [] }
  const created = new Map<string, { kind: EntryKind; fingerprint: string }>()
  const finalIds = new Set<string>()
  for (const [kind, key] of Object.entries(COLLECTION) as [EntryKind, Collection][]) {
    const before = new Set(initial[key].map((r) => r.id))
    for (const record of final[key]) {
      finalIds.add(record.id)
      if (!before.has(record.id)) created.set(record.id, { kind, fingerprint: fingerprintOf(kind, record) })
    }
  }
  const perFingerprint = new Map<string, number>()
  for (const c of created.values()) perFingerprint.set(c.fingerprint, (perFingerprint.get(c.fingerprint) ?? 0) + 1)
  problems.duplicates = [...perFingerprint.entries()].filter(([, n]) => n > 1).map(([f, n]) => `${f} ×${n}`)

  const auditOf = new Map<string, AuditRow[]>()
  for (const a of audit) {
    const list = auditOf.get(a.clientId) ?? []
    list.push(a)
    auditOf.set(a.clientId, list)
  }
  const held = new Set<string>()
  let answered = 0
  let reconciled = 0
  for (const row of rows) {
    if (row.state === 'rejected') {
      if (row.error === null || row.error.message === '') problems.rejectedWithoutReason.push(row.clientId)
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
    if (held.has(row.serverId)) problems.duplicates.push(`${row.serverId} tenu par deux saisies`)
    held.add(row.serverId)
    if (record.fingerprint !== row.fingerprint) problems.wrongRecord.push(`${row.clientId}: ${row.fingerprint} ≠ ${record.fingerprint}`)
    const trail = auditOf.get(row.clientId) ?? []
    const posts = trail.filter((a) => a.method === 'POST')
    if (posts.some((a) => a.status === 201 && a.serverId === row.serverId)) {
      answered += 1
    } else if (posts.some((a) => a.status === null) && trail.some((a) => a.method === 'GET' && a.serverId === row.serverId)) {
      reconciled += 1
    } else {
      problems.unaccounted.push(`${row.clientId} (${trail.map((a) => `${a.method} ${a.status ?? '—'}`).join(', ') || 'aucune tentative'})`)
    }
  }
  for (const id of created.keys()) if (!held.has(id)) problems.orphans.push(id)
  for (const a of audit) {
    if (a.method === 'POST' && a.status === 201 && a.serverId !== null && !finalIds.has(a.serverId)) problems.acknowledgedButMissing.push(`${a.clientId} → ${a.serverId}`)
  }

  const statuses = new Map<string, number>()
  for (const a of audit) {
    const key = a.status === null ? 'noAnswer' : a.status >= 500 ? `http${a.status}` : a.status === 429 || a.status === 401 ? `http${a.status}` : null
    if (key !== null) statuses.set(key, (statuses.get(key) ?? 0) + 1)
  }
  return {
    figures: {
      entries: rows.length,
      synced: rows.filter((r) => r.state === 'synced').length,
      rejected: rows.filter((r) => r.state === 'rejected').length,
      createdOnServer: created.size,
      duplicates: problems.duplicates.length,
      lost: (problems.lost.length) + (problems.acknowledgedButMissing.length),
      orphans: problems.orphans.length,
      auditAttempts: audit.length,
      writesAnswered: answered,
      writesReconciledAfterLostAnswer: reconciled,
      unaccounted: problems.unaccounted.length,
      ...Object.fromEntries([...statuses.entries()].map(([k, n]) => [`audit_${k}`, n])),
    },
    problems,
  }
}
