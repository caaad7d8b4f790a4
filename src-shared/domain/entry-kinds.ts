/**
 * The kinds of entry a clerk queues offline, and for each: its API operations, the right (category) it needs,
 * and its create/patch payload schemas from the API contract.
 */
import { z } from 'zod'
import type { Categorie } from '../api/categories'
import {
  AbsenceCreateDto, AbsencePatchDto, AvantageNatureCreateDto, AvantageNaturePatchDto, EvpCreateDto, EvpPatchDto,
  FraisProfessionnelCreateDto, FraisProfessionnelPatchDto, PrimeIndemniteCreateDto, PrimeIndemnitePatchDto,
} from '../api/entries'
import type { OperationId } from '../api/endpoints'

export const ENTRY_KINDS = ['evp', 'absence', 'frais', 'prime', 'avantage'] as const
export const EntryKind = z.enum(ENTRY_KINDS)
export type EntryKind = z.infer<typeof EntryKind>

/** What an entry asks the server to do: create a record, change a synced one, or remove it. */
export const EntryOperation = z.enum(['create', 'update', 'delete'])
export type EntryOperation = z.infer<typeof EntryOperation>

interface KindSpec {
  readonly label: string
  readonly category: Categorie
  readonly create: OperationId
  readonly update: OperationId
  readonly remove: OperationId
  readonly list: OperationId
  readonly createSchema: z.ZodType
  readonly patchSchema: z.ZodType
}

/** Per kind: French label, API category, operation ids (endpoint table) and payload schemas. */
export const ENTRY_KIND_SPECS = {
  evp: { label: 'EVP', category: 'elements_variables', create: 'creerEvp', update: 'modifierEvp', remove: 'supprimerEvp', list: 'listerEvp', createSchema: EvpCreateDto, patchSchema: EvpPatchDto },
  absence: { label: 'Absence', category: 'absences', create: 'creerAbsence', update: 'modifierAbsence', remove: 'supprimerAbsence', list: 'listerAbsences', createSchema: AbsenceCreateDto, patchSchema: AbsencePatchDto },
  frais: { label: 'Frais professionnels', category: 'frais_professionnels', create: 'creerFraisProfessionnel', update: 'modifierFraisProfessionnel', remove: 'supprimerFraisProfessionnel', list: 'listerFraisProfessionnels', createSchema: FraisProfessionnelCreateDto, patchSchema: FraisProfessionnelPatchDto },
  prime: { label: 'Prime ou indemnité', category: 'elements_variables', create: 'creerPrimeIndemnite', update: 'modifierPrimeIndemnite', remove: 'supprimerPrimeIndemnite', list: 'listerPrimesIndemnites', createSchema: PrimeIndemniteCreateDto, patchSchema: PrimeIndemnitePatchDto },
  avantage: { label: 'Avantage en nature', category: 'avantages_nature', create: 'creerAvantageNature', update: 'modifierAvantageNature', remove: 'supprimerAvantageNature', list: 'listerAvantagesNature', createSchema: AvantageNatureCreateDto, patchSchema: AvantageNaturePatchDto },
} as const satisfies Record<EntryKind, KindSpec>
