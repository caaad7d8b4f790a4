/**
 * The clerk's decisions as the entry history shows them: audit records of method `DECISION` (db/to-check.ts), whose
 * `errorBody` says who decided (`utilisateur`) and which records were concerned (`candidats`, `suppression`).
 * Pure: the sentence is built from the record and a translate function.
 */
import type { AuditRecord } from '../../../src-shared/domain/outbox'
import { formatDateTime } from '../../components/format'

type Translate = (key: string, named?: Record<string, unknown>) => string

/** Message key of each decision operation (the rest read as `decision.autre`). */
const DECISION_KEYS: Readonly<Record<string, string>> = {
  'decision:lier': 'decision.lier',
  'decision:envoyer': 'decision.envoyer',
  'decision:annuler': 'decision.annuler',
  'decision:supprimer_doublon': 'decision.supprimer_doublon',
  'decision:appliquer': 'decision.appliquer',
  'decision:garder': 'decision.garder',
}

/** True for an audit record of a clerk's decision rather than an HTTP attempt. */
export function isDecision(record: AuditRecord): boolean {
  return record.method === 'DECISION'
}

function bodyField(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined
}

/**
 * « Décision : c'est le même (élément …) — par Profil Démo, le 24/11/2026 10:32 ».
 * @param intl BCP 47 locale of the date (`fr-FR`)
 */
export function decisionText(record: AuditRecord, t: Translate, intl: string): string {
  const who = bodyField(record.errorBody, 'utilisateur')
  const candidats = bodyField(record.errorBody, 'candidats')
  const ids = Array.isArray(candidats) ? candidats.filter((c): c is string => typeof c === 'string') : []
  const named = {
    qui: typeof who === 'string' && who !== '' ? who : t('verification.auteurInconnu'),
    date: formatDateTime(record.at, intl),
    id: record.serverId ?? '',
    ids: ids.length === 0 ? t('decision.aucun') : ids.join(', '),
    operation: record.operation,
  }
  return t(DECISION_KEYS[record.operation] ?? 'decision.autre', named)
}
