/**
 * Row of the Dexie table `peopleWrites` (schema v13): one change of one employee made from the employee sheet
 * (issue 16, points 2 and 5; docs/api-assumptions.md #63), kept on this workstation until the service answers it.
 */
import type { PeopleWriteBody } from '../../src-shared/domain/people-writes'

/**
 * State of a people write, with the outbox's names (docs/glossary.md): `queued` (waiting for the service), `sending`
 * (claimed durably by a drain: its request may have left), `synced`, `rejected` (the service refused it: `error`),
 * `unknown` (no answer: read before any resend, not before `settleUntil`), `to_check` (a note the read could not tell
 * apart from identical ones), `cancelled` (by the clerk, from `queued`, `rejected` or `to_check`).
 */
export type PeopleWriteState = 'queued' | 'sending' | 'synced' | 'rejected' | 'unknown' | 'to_check' | 'cancelled'

/** One people write; `kind` and `payload` as {@link PeopleWriteBody}. */
export type PeopleWriteRow = PeopleWriteBody & {
  /** Client id (UUID v4), primary key. */
  readonly clientId: string
  readonly siren: string
  readonly matricule: string
  readonly state: PeopleWriteState
  /** The service's code and message of a refusal, or why the last attempt got no answer; null otherwise. */
  readonly error: {
    readonly code: string
    readonly message: string
    readonly champ?: string | null | undefined
    /** Every field error the service listed (a contract's refusal), `chemin` as `body.pcs_ese`. */
    readonly erreurs?: readonly { readonly chemin: string; readonly message: string }[] | undefined
  } | null
  /** ISO instants on this workstation's clock: asked by the clerk, last changed. */
  readonly createdAt: string
  readonly updatedAt: string
  /** Requests that carried this write (a write found applied by a read is not one more). */
  readonly attempts: number
  /** An attempt got no answer (or a crash hid it): read before any resend. */
  readonly lost: boolean
  /** When the first attempt left, on the service's clock (ISO); null when never sent. */
  readonly windowStart: string | null
  /** ISO instant before which an `unknown` write is not sent again; null otherwise. */
  readonly settleUntil: string | null
  /** The note's id once synced; null otherwise. */
  readonly serverId: string | null
}
