/**
 * Absences (reference V1.1.0: list, create, patch, delete). Rules (assumption, not shown in reference):
 * the code must be one of the dossier's absence codes (`/api/dossiers/{siren}/codes-absences`), half days only
 * for codes that allow them, the employee must hold a contract over the dates, and two absences of one employee
 * may not overlap, counted in half days (DSN S21.G00.60 counts half days): an absence ending at noon on D
 * (`demi_journee_fin`) and one starting at noon on D (`demi_journee_debut`) do not overlap.
 */
import { AbsenceCreateDto, type Absence } from '../../src-shared/api/entries'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import type { PageOf } from '../../src-shared/api/common'
import { regleMetier } from '../http/errors'
import { parsePart } from '../http/parse'
import { createdFields, instantOf, type HandlerContext, type Handlers } from './context'
import { RULE_CODES, activeContracts, definedFields, dossierOfBody, resolveContract, salarieOfBody } from './entry-rules'
import { SERVER_FIELDS, byKeys, dayNumber, matchesFilter, omitKeys, paginate, periodEnd, periodStart, rangesOverlap } from './lists'
import { requireDossier, requireVisibleEntry } from './scope'

/** Half-day span of an absence, [start, end) in half days since the epoch (morning = 2d, afternoon = 2d + 1). */
export function halfDaySpan(a: Pick<Absence, 'date_debut' | 'date_fin' | 'demi_journee_debut' | 'demi_journee_fin'>): [number, number] {
  const start = dayNumber(a.date_debut) * 2 + (a.demi_journee_debut ? 1 : 0)
  const end = dayNumber(a.date_fin) * 2 + (a.demi_journee_fin ? 1 : 2)
  return [start, end]
}

/** True when two absences share at least one half day. */
export function absencesOverlap(a: Parameters<typeof halfDaySpan>[0], b: Parameters<typeof halfDaySpan>[0]): boolean {
  const [a1, a2] = halfDaySpan(a)
  const [b1, b2] = halfDaySpan(b)
  return a1 < b2 && b1 < a2
}

function describeAbsence(a: Absence): string {
  const debut = a.demi_journee_debut ? `${a.date_debut} (après-midi)` : a.date_debut
  const fin = a.demi_journee_fin ? `${a.date_fin} (matin)` : a.date_fin
  return `l’absence ${a.code_absence} du ${debut} au ${fin}`
}

type AbsenceDraft = Omit<Absence, 'id' | 'date_creation' | 'date_modification' | 'cree_par'>

/** Every rule of an absence about to be stored; returns it with its contract number. @throws SandboxRefusal 403/422. */
function checkAbsence(ctx: HandlerContext, draft: AbsenceDraft, selfId: string | null): AbsenceDraft {
  dossierOfBody(ctx, draft.siren)
  salarieOfBody(ctx, draft.siren, draft.matricule)
  const code = ctx.store.codesAbsences.find((c) => c.code === draft.code_absence)
  const available = ctx.store.codesAbsencesParDossier[draft.siren] ?? []
  if (code === undefined || !available.includes(draft.code_absence)) {
    throw regleMetier(
      'body.code_absence',
      RULE_CODES.codeIndisponible,
      `Le code d’absence ${draft.code_absence} n’est pas disponible pour le dossier ${draft.siren}.`,
    )
  }
  if (!code.demi_journee_autorisee && (draft.demi_journee_debut || draft.demi_journee_fin)) {
    const chemin = draft.demi_journee_debut ? 'body.demi_journee_debut' : 'body.demi_journee_fin'
    throw regleMetier(
      chemin,
      RULE_CODES.formatValeur,
      `Le code d’absence ${code.code} (${code.libelle}) ne se saisit pas en demi-journées.`,
    )
  }
  const numero = resolveContract(ctx, {
    siren: draft.siren,
    matricule: draft.matricule,
    du: draft.date_debut,
    au: draft.date_fin,
    numero: draft.numero_contrat,
    cheminDates: 'body.date_debut',
    libelleDates: `du ${draft.date_debut} au ${draft.date_fin}`,
  })
  const other = ctx.store.absences.find(
    (a) => a.id !== selfId && a.siren === draft.siren && a.matricule === draft.matricule && absencesOverlap(a, draft),
  )
  if (other !== undefined) {
    throw regleMetier(
      'body.date_debut',
      RULE_CODES.chevauchement,
      `Cette absence chevauche ${describeAbsence(other)} du salarié ${draft.matricule}.`,
    )
  }
  return { ...draft, numero_contrat: numero }
}

/** The record's contract when it still runs over its (new) dates, else null (to be resolved again). */
function keptContract(ctx: HandlerContext, a: AbsenceDraft): string | null {
  const running = activeContracts(ctx, a.siren, a.matricule, a.date_debut, a.date_fin)
  return running.some((c) => c.numero_contrat === a.numero_contrat) ? (a.numero_contrat ?? null) : null
}

function listerAbsences(req: ParsedRequestOf<'listerAbsences'>, ctx: HandlerContext): PageOf<Absence> {
  const q = req.query
  requireDossier(ctx, q.siren)
  const du = q.periode !== undefined ? periodStart(q.periode) : null
  const au = q.periode !== undefined ? periodEnd(q.periode) : null
  const items = ctx.store.absences
    .filter(
      (a) =>
        a.siren === q.siren &&
        matchesFilter(q.matricule, a.matricule) &&
        (du === null || rangesOverlap(a.date_debut, a.date_fin, du, au)) &&
        rangesOverlap(a.date_debut, a.date_fin, q.du ?? null, q.au ?? null),
    )
    .sort(
      byKeys(
        (a) => a.matricule,
        (a) => a.date_debut,
        (a) => a.id,
      ),
    )
  return paginate(items, q)
}

function creerAbsence(req: ParsedRequestOf<'creerAbsence'>, ctx: HandlerContext): Absence {
  const b = req.body
  const draft = checkAbsence(ctx, { ...b, numero_contrat: b.numero_contrat ?? null, commentaire: b.commentaire ?? null }, null)
  const record: Absence = { ...draft, ...createdFields(ctx) }
  ctx.store.absences.push(record)
  return record
}

function modifierAbsence(req: ParsedRequestOf<'modifierAbsence'>, ctx: HandlerContext): Absence {
  const current = requireVisibleEntry(
    ctx,
    ctx.store.absences.find((a) => a.id === req.params.absenceId),
    'Absence',
    'params.absenceId',
  )
  const fields = omitKeys(current, SERVER_FIELDS)
  const merged = { ...fields, ...definedFields(req.body) }
  // Dates and half days are checked together once merged (the patch schema sees only the fields given).
  parsePart(AbsenceCreateDto, merged, 'body')
  const numero = req.body.numero_contrat !== undefined ? merged.numero_contrat : keptContract(ctx, merged)
  const draft = checkAbsence(ctx, { ...merged, numero_contrat: numero }, current.id)
  const updated: Absence = { ...current, ...draft, date_modification: instantOf(ctx) }
  ctx.store.absences[ctx.store.absences.indexOf(current)] = updated
  return updated
}

function supprimerAbsence(req: ParsedRequestOf<'supprimerAbsence'>, ctx: HandlerContext): undefined {
  const current = requireVisibleEntry(
    ctx,
    ctx.store.absences.find((a) => a.id === req.params.absenceId),
    'Absence',
    'params.absenceId',
  )
  ctx.store.absences.splice(ctx.store.absences.indexOf(current), 1)
}

/** Handlers of the absence operations. */
export const absenceHandlers = { listerAbsences, creerAbsence, modifierAbsence, supprimerAbsence } satisfies Partial<Handlers>
