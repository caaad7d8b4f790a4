/**
 * Service records for renderer tests (issue 14): records as the payroll service answers them (fields of the
 * fixtures' entries plus the server-set ones), and `records:refresh` answers holding them.
 */
import type { Categorie } from '../../../src-shared/api/categories'
import type { Acompte, Evp } from '../../../src-shared/api/entries'
import type { KindedRecord, RecordsRefreshResult, ServiceRecordKind } from '../../../src-shared/domain/service-records'
import type { ServiceRecordRow } from '../../../src-renderer/db/schema'
import { SIREN, valid } from './fixtures'

/** Creation instant of the records (the service's clock). */
export const CREATED = '2026-11-18T10:15:00.000Z'

/** An EVP record of the service (the fixtures' EVP unless given). */
export function serviceEvp(over: Partial<Evp> = {}): Evp {
  return {
    ...valid.evp(),
    numero_contrat: 'C1',
    quantite: '3.50',
    taux: null,
    montant: null,
    valeur_texte: null,
    commentaire: null,
    id: crypto.randomUUID(),
    date_creation: CREATED,
    date_modification: CREATED,
    cree_par: null,
    ...over,
  }
}

/** An acompte of the service. */
export function serviceAcompte(over: Partial<Acompte> = {}): Acompte {
  return {
    id: crypto.randomUUID(),
    siren: SIREN,
    matricule: 'M001',
    periode: '2026-11',
    date: '2026-11-15',
    montant: '300.00',
    libelle: 'Acompte sur salaire',
    jour_non_significatif: false,
    date_creation: CREATED,
    ...over,
  }
}

/** A `records:refresh` answer holding `records`, some kinds refused. */
export function recordsAnswer(
  records: readonly KindedRecord[],
  options: { siren?: string; periode?: string; fetchedAt?: string; refused?: Partial<Record<ServiceRecordKind, Categorie>> } = {},
): RecordsRefreshResult {
  const of = <K extends ServiceRecordKind>(kind: K) => {
    const droit = options.refused?.[kind]
    if (droit !== undefined) return { status: 'droit_manquant' as const, droit }
    return { status: 'ok' as const, records: records.filter((r) => r.kind === kind).map((r) => r.record) }
  }
  return {
    siren: options.siren ?? SIREN,
    periode: options.periode ?? '2026-11',
    fetchedAt: options.fetchedAt ?? '2026-11-20T06:00:00.000Z',
    kinds: {
      evp: of('evp'),
      absence: of('absence'),
      frais: of('frais'),
      prime: of('prime'),
      avantage: of('avantage'),
      acompte: of('acompte'),
    } as RecordsRefreshResult['kinds'],
  }
}

/** A cached row of `record` (dossier and period of the fixtures unless given). */
export function rowOf(r: KindedRecord, periode = '2026-11'): ServiceRecordRow {
  return { ...r, siren: r.record.siren, periode, matricule: r.record.matricule, id: r.record.id }
}
