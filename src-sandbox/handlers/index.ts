/**
 * The sandbox's handler table: one handler per operation of ENDPOINTS, merged from the per-area maps.
 * Typed as {@link Handlers}, so a missing operation (or a wrong answer type) is a compile error.
 */
import { absenceHandlers } from './absences'
import { authHandlers } from './auth'
import { bulletinHandlers } from './bulletins'
import { cabinetHandlers } from './cabinet'
import type { Handlers } from './context'
import { contratHandlers } from './contrats'
import { cumulHandlers } from './cumuls'
import { declarationHandlers } from './declarations'
import { dossierHandlers } from './dossiers'
import { evpHandlers } from './evp'
import { expenseHandlers } from './expenses'
import { noteHandlers } from './notes'
import { salarieHandlers } from './salaries'

/** Every operation of the payroll API, implemented on the in-memory store. */
export const HANDLERS: Handlers = {
  ...authHandlers,
  ...cabinetHandlers,
  ...dossierHandlers,
  ...salarieHandlers,
  ...contratHandlers,
  ...bulletinHandlers,
  ...cumulHandlers,
  ...absenceHandlers,
  ...evpHandlers,
  ...expenseHandlers,
  ...declarationHandlers,
  ...noteHandlers,
}
