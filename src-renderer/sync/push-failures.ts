/**
 * What to do with a claimed batch when `sync:push` did not answer outcomes (the IPC call failed).
 *
 * The only case where the entries were certainly NOT sent is a refusal by main's IPC layer before the handler
 * ran: `EXPEDITEUR_REFUSE`, `CANAL_INCONNU`, `ENTREE_INVALIDE` (dispatcher.ts checks sender, channel and input
 * before calling the handler; the sync executor validates the whole batch before sending anything). Those go back
 * to `queued`. Any other failure (`ERREUR_INTERNE`, a domain code, a rejected promise) may have happened after
 * some requests left: those entries become `unknown` and are reconciled before being sent again.
 */
import { z } from 'zod'

import { IPC_ERROR_CODES } from '../../src-shared/ipc/contract'
import type { IpcError } from '../../src-shared/ipc/contract'
import type { SyncError } from '../../src-shared/domain/sync-protocol'
import { SyncItem } from '../../src-shared/domain/sync-protocol'
import type { Settlement } from '../db/outbox-sync'

/** IPC codes answered before the handler ran: nothing was sent. */
export const REFUSED_BEFORE_SENDING: ReadonlySet<string> = new Set([IPC_ERROR_CODES.entreeInvalide, IPC_ERROR_CODES.expediteurRefuse, IPC_ERROR_CODES.canalInconnu])

const InputIssues = z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))

/** An entry refused on this workstation before sending (code ENVOI_INVALIDE, worded by the views; `motif` a variant). */
function localError(message: string, champs: SyncError['champs'], motif?: string): SyncError {
  return { code: 'ENVOI_INVALIDE', message, ...(motif === undefined ? {} : { params: { motif } }), status: null, champs }
}

/**
 * Items of a batch that do not match the `sync:push` input schema (they would make main refuse the whole batch
 * again and again): they are rejected locally, with the field at fault, so the clerk can correct them.
 */
export function invalidItems(items: readonly SyncItem[]): Settlement[] {
  return items.flatMap((item) => {
    const parsed = SyncItem.safeParse(item)
    if (parsed.success) return []
    const champs = parsed.error.issues.map((i) => ({ champ: i.path.filter((p) => p !== 'payload').map(String).join('.'), message: i.message }))
    return [{ clientId: item.clientId, state: 'rejected' as const, error: localError('entry does not match the sync:push input schema', champs, 'ILLISIBLE') }]
  })
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
  const issues = error.code === IPC_ERROR_CODES.entreeInvalide ? InputIssues.safeParse(error.details).data ?? [] : []
  const byIndex = new Map<number, SyncError['champs']>()
  for (const issue of issues) {
    const [root, index, ...rest] = issue.path
    if (root !== 'items' || typeof index !== 'number' || index >= items.length) continue
    const champs = byIndex.get(index) ?? []
    champs.push({ champ: rest.filter((p) => p !== 'payload').map(String).join('.'), message: issue.message })
    byIndex.set(index, champs)
  }
  const settlements = items.map((item, index): Settlement => {
    const champs = byIndex.get(index)
    return champs === undefined
      ? { clientId: item.clientId, state: 'queued' }
      : { clientId: item.clientId, state: 'rejected', error: localError('entry refused by main before sending (ENTREE_INVALIDE)', champs) }
  })
  return { settlements, retry: byIndex.size > 0 }
}
