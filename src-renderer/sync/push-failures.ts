/**
 * What to do with a claimed batch when `sync:push` did not answer outcomes (the IPC call failed).
 *
 * The only case where the entries were certainly NOT sent is a refusal by main's IPC layer before the handler
 * ran: `EXPEDITEUR_REFUSE`, `CANAL_INCONNU`, `ENTREE_INVALIDE` (dispatcher.ts checks sender, channel and input
 * before calling the handler: it parses the whole batch before anything is sent). Those go back
 * to `queued`. Any other failure (`ERREUR_INTERNE`, a domain code, a rejected promise) may have happened after
 * some requests left: those entries become `unknown` and are reconciled before being sent again.
 *
 * Items are built from typed outbox rows and parsed once, by main at the IPC boundary: an item main refuses
 * (ENTREE_INVALIDE naming `items.<i>`) is rejected here with main's French field messages, the others go back to the
 * queue and the batch is claimed again at once.
 */
import { z } from 'zod'

import { IPC_ERROR_CODES } from '../../src-shared/ipc/contract'
import type { IpcError } from '../../src-shared/ipc/contract'
import type { SyncError, SyncItem } from '../../src-shared/domain/sync-protocol'
import { fieldIssues } from '../../src-shared/domain/validation/schema-issues'
import type { Settlement } from '../db/outbox-sync'

/** IPC codes answered before the handler ran: nothing was sent. */
export const REFUSED_BEFORE_SENDING: ReadonlySet<string> = new Set([
  IPC_ERROR_CODES.entreeInvalide,
  IPC_ERROR_CODES.expediteurRefuse,
  IPC_ERROR_CODES.canalInconnu,
])

/** ENTREE_INVALIDE details: the issues of main's parse, `{ path, message }` (dispatcher.ts; messages in French). */
const InputIssues = z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))

/** An entry refused on this workstation before sending (code ENVOI_INVALIDE, worded by the views). */
function localError(message: string, champs: SyncError['champs']): SyncError {
  return { code: 'ENVOI_INVALIDE', message, status: null, champs }
}

/**
 * Settlement of a batch whose push failed at the IPC level.
 * @returns the settlements, and `retry`: true when the batch can be claimed again at once (ENTREE_INVALIDE naming
 *   the items at fault: those are rejected, the others requeued), false when the queue must pause.
 */
export function settleFailedPush(items: readonly SyncItem[], error: IpcError): { settlements: Settlement[]; retry: boolean } {
  if (!REFUSED_BEFORE_SENDING.has(error.code)) {
    return { settlements: items.map((i) => ({ clientId: i.clientId, state: 'unknown' })), retry: false }
  }
  const issues = error.code === IPC_ERROR_CODES.entreeInvalide ? (InputIssues.safeParse(error.details).data ?? []) : []
  const byIndex = new Map<number, SyncError['champs']>()
  for (const { path, message } of issues) {
    const [root, index, ...rest] = path
    if (root !== 'items' || typeof index !== 'number' || index >= items.length) continue
    // The item's own path (`payload.montant` → `montant`), as every parse names fields (schema-issues.ts).
    byIndex.set(index, [...(byIndex.get(index) ?? []), ...fieldIssues([{ path: rest, message }])])
  }
  const settlements = items.map((item, index): Settlement => {
    const champs = byIndex.get(index)
    return champs === undefined
      ? { clientId: item.clientId, state: 'queued' }
      : { clientId: item.clientId, state: 'rejected', error: localError('entry refused by main before sending (ENTREE_INVALIDE)', champs) }
  })
  return { settlements, retry: byIndex.size > 0 }
}
