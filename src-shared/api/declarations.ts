/**
 * Social declarations (DSN): periodic and event-based, with sending dates, a cross-dossier search and a PDF summary.
 * Reference: DSN (V1.1.0), event-based DSN (V1.4.0), PDF summary, sending dates and cross-dossier search (V1.7.0),
 * paths /api/declarations, /api/declarations-evenementielles and /api/declarations/{id}/recapitulatif.
 */
import { z } from 'zod'
import { IsoDate, IsoDateTime, Nic, PagingQuery, Periode, RecordId, Siren, queryMulti } from './common'

/** DSN nature (S20.G00.05.001): 01 mensuelle; event-based: 02 FCTU (fin de contrat), 04 arrêt, 05 reprise. */
export const NatureDsn = z.enum(['01', '02', '04', '05'])
export type NatureDsn = z.infer<typeof NatureDsn>
/** DSN type (S20.G00.05.002): 01 normale, 02 normale néant, 03 annule et remplace intégral. */
export const TypeDsn = z.enum(['01', '02', '03'])

/** Processing state on the DSN network. Assumption: these four. */
export const StatutDeclaration = z.enum(['en_preparation', 'deposee', 'acceptee', 'rejetee'])

const DeclarationFields = {
  id: RecordId,
  siren: Siren,
  nic: Nic,
  periode: Periode,
  nature: NatureDsn,
  type: TypeDsn,
  statut: StatutDeclaration,
  /** Sending dates (V1.7.0): first deposit and, if re-sent, the last one. */
  date_envoi: IsoDateTime.nullable(),
  date_dernier_envoi: IsoDateTime.nullable(),
  nombre_salaries: z.number().int().min(0),
  recapitulatif_disponible: z.boolean(),
}

/** Periodic (monthly) DSN. */
export const Declaration = z.object({ ...DeclarationFields, nature: z.literal('01') })
export type Declaration = z.infer<typeof Declaration>

/** Event-based DSN (signalement): end of contract, work stoppage, return to work, for one employee. */
export const DeclarationEvenementielle = z.object({
  ...DeclarationFields,
  nature: z.enum(['02', '04', '05']),
  matricule: z.string(),
  date_evenement: IsoDate,
})
export type DeclarationEvenementielle = z.infer<typeof DeclarationEvenementielle>

/**
 * Search across the dossiers of the cabinet (V1.7.0): several `siren`, a period range, sending dates.
 * Without `siren`, every dossier the user is assigned to.
 */
export const DeclarationSearchQuery = PagingQuery.extend({
  siren: queryMulti(Siren).optional(),
  periode_du: Periode.optional(),
  periode_au: Periode.optional(),
  date_envoi_du: IsoDate.optional(),
  date_envoi_au: IsoDate.optional(),
  statut: queryMulti(StatutDeclaration).optional(),
})
