/**
 * Notes (employee comments V1.1.0; payslip refusal notes V1.7.0) and extractions (V1.1.0; charge tables of
 * contracts, employees, EVP and hours V1.2.0). Assumption #53: an extraction's rows are taken from the store when
 * it is launched and carried as strings; it is answered `en_cours` for {@link EXTRACTION_DUREE_MS} on the sandbox
 * clock, `terminee` after, and its file (GET /api/extractions/{id}/fichier) is its table as a French spreadsheet's
 * CSV (`;`, CRLF, UTF-8 with a byte-order mark), refused 409 EXTRACTION_EN_COURS before that.
 */
import Papa from 'papaparse'
import { randomUUID } from 'node:crypto'
import type { PageOf } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import type { Extraction, Note } from '../store/wire-types'
import { instantOf, sessionOf, type HandlerContext, type Handlers } from './context'
import { dossierOfBody, salarieOfBody } from './entry-rules'
import { byKeys, paginate, periodEnd, periodStart, rangesOverlap } from './lists'
import { listedOver } from '../../src-shared/domain/presence'
import { requireDossier, requireVisible, sirensInScope } from './scope'
import { SandboxRefusal } from '../http/errors'

/** How long the sandbox computes an extraction, in ms of its clock (assumption #53: long enough to be followed). */
export const EXTRACTION_DUREE_MS = 1_500

/** The extraction as answered now: `en_cours` until {@link EXTRACTION_DUREE_MS} after its creation, then `terminee`. */
function asOfNow(ctx: HandlerContext, e: Extraction): Extraction {
  if (e.statut !== 'en_cours') return e
  const elapsed = ctx.now().getTime() - Date.parse(e.date_creation)
  return elapsed >= EXTRACTION_DUREE_MS ? { ...e, statut: 'terminee' } : e
}

/** UTF-8 byte-order mark: without it French spreadsheets read UTF-8 as Windows-1252. */
const BOM = '\uFEFF'

/**
 * The extraction's table as CSV bytes. @throws SandboxRefusal 404 (unknown or not visible), 409 EXTRACTION_EN_COURS
 * (still computed: its `statut` says when it is `terminee`).
 */
function telechargerExtraction(req: ParsedRequestOf<'telechargerExtraction'>, ctx: HandlerContext): Uint8Array {
  const stored = requireVisible(
    ctx,
    ctx.store.extractions.find((e) => e.id === req.params.id),
    'Extraction',
  )
  const e = asOfNow(ctx, stored)
  if (e.statut !== 'terminee') {
    throw new SandboxRefusal(409, 'EXTRACTION_EN_COURS', 'L’extraction est encore en cours : son fichier n’est pas prêt.')
  }
  const csv = Papa.unparse({ fields: e.colonnes, data: e.lignes }, { delimiter: ';', newline: '\r\n' })
  return new TextEncoder().encode(`${BOM}${csv}\r\n`)
}

function listerNotes(req: ParsedRequestOf<'listerNotes'>, ctx: HandlerContext): PageOf<Note> {
  const q = req.query
  requireDossier(ctx, q.siren)
  const items = ctx.store.notes
    .filter(
      (n) =>
        n.siren === q.siren &&
        (q.matricule === undefined || n.matricule === q.matricule) &&
        (q.bulletin_id === undefined || n.bulletin_id === q.bulletin_id) &&
        (q.type === undefined || n.type === q.type),
    )
    .sort(
      byKeys(
        (n) => n.date_creation,
        (n) => n.id,
      ),
    )
  return paginate(items, q)
}

/** Adds an employee comment. @throws SandboxRefusal 403 (dossier), 422 SALARIE_INCONNU at `body.matricule`. */
function creerNote(req: ParsedRequestOf<'creerNote'>, ctx: HandlerContext): Note {
  const b = req.body
  dossierOfBody(ctx, b.siren)
  salarieOfBody(ctx, b.siren, b.matricule)
  const note: Note = {
    id: randomUUID(),
    siren: b.siren,
    matricule: b.matricule,
    bulletin_id: null,
    type: 'commentaire_salarie',
    texte: b.texte,
    auteur: sessionOf(ctx).utilisateur.matricule,
    date_creation: instantOf(ctx),
  }
  ctx.store.notes.push(note)
  return note
}

/** Columns and rows of a charge table for a dossier's period (employees present, contracts running in it). */
export function extractionRows(
  ctx: HandlerContext,
  siren: string,
  type: Extraction['type'],
  periode: string,
): Pick<Extraction, 'colonnes' | 'lignes'> {
  const du = periodStart(periode)
  const au = periodEnd(periode)
  const contrats = ctx.store.contrats
    .filter((c) => c.siren === siren && rangesOverlap(c.date_debut, c.date_fin, du, au))
    .sort(
      byKeys(
        (c) => c.matricule,
        (c) => c.numero_contrat,
      ),
    )
  switch (type) {
    case 'salaries':
      return {
        colonnes: ['matricule', 'nom', 'prenom', 'nic', 'date_entree', 'date_sortie'],
        lignes: ctx.store.salaries
          .filter((s) => s.siren === siren && listedOver(s, { du, au }))
          .sort(byKeys((s) => s.matricule))
          .map((s) => [s.matricule, s.nom, s.prenom, s.nic, s.date_entree, s.date_sortie ?? '']),
      }
    case 'contrats':
      return {
        colonnes: ['matricule', 'numero_contrat', 'nature_contrat', 'nic', 'date_debut', 'date_fin'],
        lignes: contrats.map((c) => [c.matricule, c.numero_contrat, c.nature_contrat, c.nic, c.date_debut, c.date_fin ?? '']),
      }
    case 'evp':
      return {
        colonnes: ['matricule', 'numero_contrat', 'code_evp', 'quantite', 'taux', 'montant', 'valeur_texte'],
        lignes: ctx.store.evp
          .filter((e) => e.siren === siren && e.periode === periode)
          .sort(
            byKeys(
              (e) => e.matricule,
              (e) => e.code_evp,
              (e) => e.id,
            ),
          )
          .map((e) => [e.matricule, e.numero_contrat, e.code_evp, e.quantite ?? '', e.taux ?? '', e.montant ?? '', e.valeur_texte ?? '']),
      }
    case 'heures':
      return {
        colonnes: ['matricule', 'numero_contrat', 'unite_mesure', 'quotite', 'quotite_reference'],
        lignes: contrats.map((c) => [
          c.matricule,
          c.numero_contrat,
          c.duree_travail.unite_mesure,
          c.duree_travail.quotite,
          c.duree_travail.quotite_reference,
        ]),
      }
  }
}

function creerExtraction(req: ParsedRequestOf<'creerExtraction'>, ctx: HandlerContext): Extraction {
  const { siren, type, periode } = req.body
  dossierOfBody(ctx, siren)
  const extraction: Extraction = {
    id: randomUUID(),
    siren,
    type,
    periode,
    statut: 'en_cours',
    date_creation: instantOf(ctx),
    ...extractionRows(ctx, siren, type, periode),
  }
  ctx.store.extractions.push(extraction)
  return extraction
}

function listerExtractions(req: ParsedRequestOf<'listerExtractions'>, ctx: HandlerContext): PageOf<Extraction> {
  const sirens = sirensInScope(ctx, req.query.siren === undefined ? undefined : [req.query.siren])
  const items = ctx.store.extractions
    .filter((e) => sirens.has(e.siren))
    .sort(
      byKeys(
        (e) => e.date_creation,
        (e) => e.id,
      ),
    )
  return paginate(
    items.map((e) => asOfNow(ctx, e)),
    req.query,
  )
}

/** Handlers of the notes and extractions operations. */
export const noteHandlers = {
  listerNotes,
  creerNote,
  listerExtractions,
  creerExtraction,
  lireExtraction: (req, ctx) =>
    asOfNow(
      ctx,
      requireVisible(
        ctx,
        ctx.store.extractions.find((e) => e.id === req.params.id),
        'Extraction',
      ),
    ),
  telechargerExtraction,
} satisfies Partial<Handlers>
