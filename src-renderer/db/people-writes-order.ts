/**
 * The order of the cabinet's writes in the people-writes queue (issue 18, docs/api-assumptions.md #82), pure: an
 * assignment or an assignment's end waits while an earlier write of the same user is still pending (queued, sending,
 * unknown or to check) when that write is the user's creation or concerns the same dossier. So an assignment never
 * leaves before its user exists on the service, an end never before the assignment it ends, and a write whose
 * predecessor's fate is unknown waits for it to be settled (never sent on a guess). A refused or cancelled
 * predecessor no longer holds anything: the service then answers the later write with its own reason.
 */
import { isCabinetKind, type PeopleWriteKind } from '../../src-shared/domain/people-writes'

/** What the rule reads of a write. */
export interface OrderedWrite {
  readonly clientId: string
  readonly kind: PeopleWriteKind
  readonly siren: string
  readonly matricule: string
  readonly createdAt: string
}

/** True when `a` was asked before `b` (creation instant, then client id). */
function before(a: OrderedWrite, b: OrderedWrite): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.clientId < b.clientId)
}

/**
 * True when `row` must wait for one of `pending` (the writes not yet settled, `row` possibly among them).
 * Only assignments and their ends ever wait.
 */
export function heldBack(row: OrderedWrite, pending: readonly OrderedWrite[]): boolean {
  if (row.kind !== 'affectation' && row.kind !== 'fin_affectation') return false
  return pending.some(
    (p) =>
      p.clientId !== row.clientId &&
      isCabinetKind(p.kind) &&
      p.matricule === row.matricule &&
      before(p, row) &&
      (p.kind === 'utilisateur' || p.siren === row.siren),
  )
}
