/** Output types of contract schemas that are exported only as schemas. */
import type { z } from 'zod'
import type {
  Extraction as ExtractionSchema,
  Facturation as FacturationSchema,
  Note as NoteSchema,
  UtilisateurCabinet as UtilisateurSchema,
} from '../../src-shared/api/cabinet'
import type { ListeCodes } from '../../src-shared/api/codification'

export type Extraction = z.output<typeof ExtractionSchema>
export type Facturation = z.output<typeof FacturationSchema>
export type Note = z.output<typeof NoteSchema>
export type UtilisateurCabinet = z.output<typeof UtilisateurSchema>
export type ListeCodesType = z.output<typeof ListeCodes>
