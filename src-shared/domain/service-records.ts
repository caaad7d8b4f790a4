/**
 * The service's own records of one dossier and period (issue 14, point 1): what the payroll service already holds,
 * whoever entered it (this workstation, a colleague, the vendor's web screens, the employer's portal). Main lists
 * them (`records:refresh`), the renderer caches them with the instant they were fetched and shows them beside its
 * local entries, so that the clerk sees what is already there before typing it again.
 *
 * Record kinds are the entry kinds (ENTRY_KIND_SPECS) plus `acompte`, read only (GET /api/acomptes, decision #15 of
 * docs/api-assumptions.md). A kind whose right the credentials lack is reported as such (`droit_manquant` with the
 * missing category), not as a failure of the whole read (decision #44).
 */
import { z } from 'zod'
import { Categorie } from '../api/categories'
import { Periode, Siren } from '../api/common'
import { Absence, Acompte, AvantageNature, Evp, FraisProfessionnel, PrimeIndemnite } from '../api/entries'
import { ENTRY_KINDS } from './entry-kinds'

/** Kinds of service records: every entry kind, then `acompte` (read only). */
export const SERVICE_RECORD_KINDS = [...ENTRY_KINDS, 'acompte'] as const
export const ServiceRecordKind = z.enum(SERVICE_RECORD_KINDS)
export type ServiceRecordKind = z.infer<typeof ServiceRecordKind>

/** Record schema of each kind (api/entries.ts). */
export const SERVICE_RECORD_SCHEMAS = {
  evp: Evp,
  absence: Absence,
  frais: FraisProfessionnel,
  prime: PrimeIndemnite,
  avantage: AvantageNature,
  acompte: Acompte,
} as const satisfies Record<ServiceRecordKind, z.ZodType>

/** A record of one kind, as the service answers it. */
export type ServiceRecordOf<K extends ServiceRecordKind> = z.output<(typeof SERVICE_RECORD_SCHEMAS)[K]>

/** Input of `records:refresh`: one dossier and one payroll period (`YYYY-MM`). */
export const RecordsRefreshInput = z.strictObject({ siren: Siren, periode: Periode })
export type RecordsRefreshInput = z.infer<typeof RecordsRefreshInput>

/** What the read of one kind gave: its records, or the right the credentials lack to list them. */
function kindRead<R extends z.ZodType>(record: R) {
  return z.discriminatedUnion('status', [
    z.object({ status: z.literal('ok'), records: z.array(record) }),
    z.object({ status: z.literal('droit_manquant'), droit: Categorie }),
  ])
}

/**
 * Answer of `records:refresh`: per kind, every record of the dossier in the period (all pages), or the missing
 * right; `fetchedAt` is the instant the read started (ISO, this workstation's clock: the data is at least that
 * fresh). Absences are those meeting the month (`du`/`au`), the other kinds those of the period (`periode`).
 */
export const RecordsRefreshResult = z.object({
  siren: Siren,
  periode: Periode,
  fetchedAt: z.iso.datetime(),
  kinds: z.object({
    evp: kindRead(Evp),
    absence: kindRead(Absence),
    frais: kindRead(FraisProfessionnel),
    prime: kindRead(PrimeIndemnite),
    avantage: kindRead(AvantageNature),
    acompte: kindRead(Acompte),
  }),
})
export type RecordsRefreshResult = z.infer<typeof RecordsRefreshResult>

/** One service record with its kind (a discriminated union: `record` typed by `kind`). */
export type KindedRecord = { [K in ServiceRecordKind]: { readonly kind: K; readonly record: ServiceRecordOf<K> } }[ServiceRecordKind]

/** Every record of a refresh answer, kind by kind in {@link SERVICE_RECORD_KINDS} order (kinds refused left out). */
export function recordsOf(result: RecordsRefreshResult): KindedRecord[] {
  const out: KindedRecord[] = []
  const k = result.kinds
  if (k.evp.status === 'ok') for (const record of k.evp.records) out.push({ kind: 'evp', record })
  if (k.absence.status === 'ok') for (const record of k.absence.records) out.push({ kind: 'absence', record })
  if (k.frais.status === 'ok') for (const record of k.frais.records) out.push({ kind: 'frais', record })
  if (k.prime.status === 'ok') for (const record of k.prime.records) out.push({ kind: 'prime', record })
  if (k.avantage.status === 'ok') for (const record of k.avantage.records) out.push({ kind: 'avantage', record })
  if (k.acompte.status === 'ok') for (const record of k.acompte.records) out.push({ kind: 'acompte', record })
  return out
}

/** Kinds the answer could not list for a missing right, with that right (API category). */
export function refusedKindsOf(result: RecordsRefreshResult): { kind: ServiceRecordKind; droit: Categorie }[] {
  return SERVICE_RECORD_KINDS.flatMap((kind) => {
    const read = result.kinds[kind]
    return read.status === 'droit_manquant' ? [{ kind, droit: read.droit }] : []
  })
}
