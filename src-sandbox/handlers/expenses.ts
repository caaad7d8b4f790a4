/**
 * Avantages en nature (V1.9.0, DELETE V1.12.0), frais professionnels (V1.9.0, PATCH/DELETE V1.11.0) and acomptes
 * (retrieval V1.13.0, read only). Rules (assumption, not shown in reference): known employee of the dossier,
 * present (a contract runs in the period), period not closed (before `periode_paie_en_cours`).
 */
import type { PageOf } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { FraisProfessionnelCreateDto, type Acompte, type AvantageNature, type FraisProfessionnel } from '../../src-shared/api/entries'
import { parsePart } from '../http/parse'
import { createdFields, instantOf, type HandlerContext, type Handlers } from './context'
import { findEntry, listEntries, removeEntry, replaceEntry } from './entry-lists'
import { definedFields, dossierOfBody, requireOpenPeriod, requirePresence, salarieOfBody } from './entry-rules'
import { periodEnd, periodStart } from './lists'

/** Rules of a period record without contract number. @throws SandboxRefusal 403/422. */
function checkPeriodRecord(ctx: HandlerContext, d: { siren: string; matricule: string; periode: string }): void {
  const dossier = dossierOfBody(ctx, d.siren)
  salarieOfBody(ctx, d.siren, d.matricule)
  requireOpenPeriod(dossier, d.periode)
  requirePresence(ctx, d.siren, d.matricule, periodStart(d.periode), periodEnd(d.periode), 'body.periode', `sur la période ${d.periode}`)
}

function creerAvantageNature(req: ParsedRequestOf<'creerAvantageNature'>, ctx: HandlerContext): AvantageNature {
  checkPeriodRecord(ctx, req.body)
  const record: AvantageNature = { ...req.body, commentaire: req.body.commentaire ?? null, ...createdFields(ctx) }
  ctx.store.avantagesNature.push(record)
  return record
}

function modifierAvantageNature(req: ParsedRequestOf<'modifierAvantageNature'>, ctx: HandlerContext): AvantageNature {
  const current = findEntry(ctx, ctx.store.avantagesNature, req.params.id, 'Avantage en nature')
  const updated: AvantageNature = { ...current, ...definedFields(req.body), date_modification: instantOf(ctx) }
  checkPeriodRecord(ctx, updated)
  return replaceEntry(ctx.store.avantagesNature, current, updated)
}

/** Frais are listed by their `date` for `du`/`au` (an expense happens on a day). */
function listerFraisProfessionnels(req: ParsedRequestOf<'listerFraisProfessionnels'>, ctx: HandlerContext): PageOf<FraisProfessionnel> {
  return listEntries(ctx, ctx.store.fraisProfessionnels, req.query, (f) => [f.date, f.date])
}

function creerFraisProfessionnel(req: ParsedRequestOf<'creerFraisProfessionnel'>, ctx: HandlerContext): FraisProfessionnel {
  checkPeriodRecord(ctx, req.body)
  const record: FraisProfessionnel = {
    ...req.body,
    kilometres: req.body.kilometres ?? null,
    commentaire: req.body.commentaire ?? null,
    ...createdFields(ctx),
  }
  ctx.store.fraisProfessionnels.push(record)
  return record
}

function modifierFraisProfessionnel(req: ParsedRequestOf<'modifierFraisProfessionnel'>, ctx: HandlerContext): FraisProfessionnel {
  const current = findEntry(ctx, ctx.store.fraisProfessionnels, req.params.id, 'Frais professionnel')
  const updated: FraisProfessionnel = { ...current, ...definedFields(req.body), date_modification: instantOf(ctx) }
  // The mileage rule needs the type and the kilometres together: checked once merged.
  parsePart(FraisProfessionnelCreateDto, updated, 'body')
  checkPeriodRecord(ctx, updated)
  return replaceEntry(ctx.store.fraisProfessionnels, current, updated)
}

/** Acomptes are listed by their `date` for `du`/`au`. */
function listerAcomptes(req: ParsedRequestOf<'listerAcomptes'>, ctx: HandlerContext): PageOf<Acompte> {
  return listEntries(ctx, ctx.store.acomptes, req.query, (a) => [a.date, a.date])
}

/** Handlers of the avantages en nature, frais professionnels and acomptes operations. */
export const expenseHandlers = {
  listerAvantagesNature: (req, ctx) => listEntries(ctx, ctx.store.avantagesNature, req.query),
  creerAvantageNature,
  modifierAvantageNature,
  supprimerAvantageNature: (req, ctx) => {
    removeEntry(ctx, ctx.store.avantagesNature, req.params.id, 'Avantage en nature')
  },
  listerFraisProfessionnels,
  creerFraisProfessionnel,
  modifierFraisProfessionnel,
  supprimerFraisProfessionnel: (req, ctx) => {
    removeEntry(ctx, ctx.store.fraisProfessionnels, req.params.id, 'Frais professionnel')
  },
  listerAcomptes,
} satisfies Partial<Handlers>
