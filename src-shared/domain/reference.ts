/**
 * Reference data the renderer caches for offline entry (ARCHITECTURE.md "Reference data"): dossiers with their
 * establishments and `periode_paie_en_cours`, employees with their contracts, and the code lists per dossier.
 */
import { z } from 'zod'
import { Categorie } from '../api/categories'
import { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../api/codification'
import { Siren } from '../api/common'
import { Dossier } from '../api/dossiers'
import { Salarie } from '../api/salaries'

/** Input of `reference:refresh`: some dossiers, or (absent) every dossier assigned to the user. */
export const ReferenceRefreshInput = z.object({ sirens: z.array(Siren).max(500).optional() })

/** Answer of `reference:refresh`, fetched at `fetchedAt` (ISO instant). Code lists keyed by SIREN. */
export const ReferenceSnapshot = z.object({
  fetchedAt: z.iso.datetime(),
  droits: z.array(Categorie),
  dossiers: z.array(Dossier),
  salaries: z.array(Salarie),
  codesAbsences: z.record(z.string(), z.array(CodeAbsence)),
  codesEvp: z.record(z.string(), z.array(CodeEvp)),
  codesPrimesIndemnites: z.record(z.string(), z.array(CodePrimeIndemnite)),
})
export type ReferenceSnapshot = z.infer<typeof ReferenceSnapshot>

/** Answer of `connection:probe` (GET /api/health): whether the payroll service answers, and its version. */
export const ConnectionStatus = z.object({
  online: z.boolean(),
  version: z.string().nullable(),
  checkedAt: z.iso.datetime(),
  /** Technical description for the log (not shown: the renderer says online or offline in its own words). */
  message: z.string(),
})
export type ConnectionStatus = z.infer<typeof ConnectionStatus>
