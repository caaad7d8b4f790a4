/**
 * The cabinet's writes in the people-writes queue (issue 18 point 1, docs/api-assumptions.md #80–#82): a user created
 * (`utilisateur`, at the cabinet's scope), a user assigned to a dossier (`affectation`) and an assignment's end
 * (`fin_affectation`), queued like any write (db/people-writes.ts), and how the screens show them before the service
 * holds them: the cached assignments with the pending ones added and the pending ends applied ({@link projectAssignments}).
 */
import type { UtilisateurCabinet } from '../../src-shared/api/cabinet'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type { CabinetAssignInput, CabinetEndAssignmentInput } from '../../src-shared/domain/cabinet'
import { isCabinetKind, type UtilisateurPayload } from '../../src-shared/domain/people-writes'
import { CABINET_SCOPE, enqueuePeopleWrite, PENDING_STATES, type PeopleWriteRow, type PeopleWriteState } from './people-writes'
import type { PaieDb } from './schema'
import type { OutboxEnv } from './write'

/** A cabinet write as the queue holds it. */
export type CabinetWriteRow = Extract<PeopleWriteRow, { kind: 'utilisateur' | 'affectation' | 'fin_affectation' }>

/** States in which the screens show a cabinet write: not settled yet, or refused (with the service's reason). */
const SHOWN: readonly PeopleWriteState[] = [...PENDING_STATES, 'rejected']

function isCabinetRow(row: PeopleWriteRow): row is CabinetWriteRow {
  return isCabinetKind(row.kind)
}

/**
 * Queues the creation of a cabinet user.
 * @throws ZodError when the body does not pass the API's schema (nothing stored)
 */
export function enqueueUserCreation(db: PaieDb, env: OutboxEnv, payload: UtilisateurPayload): Promise<PeopleWriteRow> {
  return enqueuePeopleWrite(db, env, 'utilisateur', { siren: CABINET_SCOPE, matricule: payload.matricule }, payload)
}

/**
 * Queues a user's assignment to a dossier (both days included; `date_fin` null: open).
 * @throws ZodError when the dates do not pass (nothing stored)
 */
export function enqueueAssignment(db: PaieDb, env: OutboxEnv, input: CabinetAssignInput): Promise<PeopleWriteRow> {
  const { siren, matricule_utilisateur, date_debut, date_fin } = input
  return enqueuePeopleWrite(db, env, 'affectation', { siren, matricule: matricule_utilisateur }, { date_debut, date_fin })
}

/**
 * Queues the end of the assignment of a user to a dossier starting on `date_debut`.
 * @throws ZodError when the end precedes the start (nothing stored)
 */
export function enqueueAssignmentEnd(db: PaieDb, env: OutboxEnv, input: CabinetEndAssignmentInput): Promise<PeopleWriteRow> {
  const { siren, matricule_utilisateur, date_debut, date_fin } = input
  return enqueuePeopleWrite(db, env, 'fin_affectation', { siren, matricule: matricule_utilisateur }, { date_debut, date_fin })
}

/** The cabinet's writes still pending or refused, oldest first (works offline). */
export async function cabinetWrites(db: PaieDb): Promise<CabinetWriteRow[]> {
  const rows = (await db.peopleWrites.where('state').anyOf(SHOWN).toArray()).filter(isCabinetRow)
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId))
}

/**
 * Puts what the service accepted of synced cabinet writes in the cabinet's cache (one transaction), oldest first: the
 * user created (active), the assignment, the end set on the cached assignment. The next read of the service replaces
 * what it can list; a dossier the signed-in user no longer sees (he ended his own assignment) keeps this state.
 */
export async function applySynced(db: PaieDb, rows: readonly PeopleWriteRow[]): Promise<void> {
  const mine = rows.filter(isCabinetRow).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.clientId.localeCompare(b.clientId))
  if (mine.length === 0) return
  await db.transaction('rw', db.cabinetUsers, db.affectations, async () => {
    for (const w of mine) {
      if (w.kind === 'utilisateur') await db.cabinetUsers.put({ ...w.payload, actif: true })
      else await db.affectations.put({ siren: w.siren, matricule_utilisateur: w.matricule, ...w.payload })
    }
  })
}

/** An assignment as the screens show it: `pending` is the state of the queued write it comes from, null when the service holds it as shown. */
export type ShownAssignment = AffectationDossier & { readonly pending: PeopleWriteState | null }

/**
 * The cached assignments with the pending writes applied (pure): a pending assignment the cache does not hold is
 * added, a pending end sets the end of the assignment it names. Refused writes change nothing.
 */
export function projectAssignments(cache: readonly AffectationDossier[], writes: readonly CabinetWriteRow[]): ShownAssignment[] {
  const key = (siren: string, matricule: string, debut: string): string => `${siren}|${matricule}|${debut}`
  const shown = new Map<string, ShownAssignment>(
    cache.map((a) => [key(a.siren, a.matricule_utilisateur, a.date_debut), { ...a, pending: null }]),
  )
  for (const w of writes) {
    if (!PENDING_STATES.includes(w.state) || w.kind === 'utilisateur') continue
    const k = key(w.siren, w.matricule, w.payload.date_debut)
    const held = shown.get(k)
    if (w.kind === 'affectation' && held === undefined) {
      shown.set(k, { siren: w.siren, matricule_utilisateur: w.matricule, ...w.payload, pending: w.state })
    } else if (w.kind === 'fin_affectation' && held !== undefined) {
      shown.set(k, { ...held, date_fin: w.payload.date_fin, pending: w.state })
    }
  }
  return [...shown.values()]
}

/** The users whose creation is pending and not in the cache yet, as the screens show them (pure). */
export function pendingUsers(cache: readonly UtilisateurCabinet[], writes: readonly CabinetWriteRow[]): UtilisateurCabinet[] {
  const known = new Set(cache.map((u) => u.matricule))
  return writes.flatMap((w) =>
    w.kind === 'utilisateur' && PENDING_STATES.includes(w.state) && !known.has(w.matricule) ? [{ ...w.payload, actif: true }] : [],
  )
}
