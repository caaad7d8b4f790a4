/**
 * EVP (variable payroll elements, creation V1.4.0, contract numbers in results V1.11.0) and primes-indemnites
 * (V1.4.0). Rules (assumption, not shown in reference): the code is one of the dossier's codes (codes-evp,
 * codes-primes-indemnites); an EVP's values match its code's `format` (Silae "format"); the period is not closed;
 * the record is assigned to a contract running in its period (the given one, or the only one).
 */
import type { CodeEvp } from '../../src-shared/api/codification'
import type { PageOf } from '../../src-shared/api/common'
import type { ParsedRequestOf } from '../../src-shared/api/endpoints'
import { EvpCreateDto, type Evp, type PrimeIndemnite } from '../../src-shared/api/entries'
import { regleMetier } from '../http/errors'
import { parsePart } from '../http/parse'
import { createdFields, instantOf, type HandlerContext, type Handlers } from './context'
import { findEntry, listEntries, removeEntry, replaceEntry } from './entry-lists'
import { RULE_CODES, activeContracts, definedFields, dossierOfBody, requireOpenPeriod, resolveContract, salarieOfBody } from './entry-rules'
import { SERVER_FIELDS, omitKeys, periodEnd, periodStart } from './lists'

type ValueField = 'quantite' | 'taux' | 'montant' | 'valeur_texte'
const VALUE_FIELDS: readonly ValueField[] = ['quantite', 'taux', 'montant', 'valeur_texte']
const VALUE_LABELS: Readonly<Record<ValueField, string>> = {
  quantite: 'une quantité',
  taux: 'un taux',
  montant: 'un montant',
  valeur_texte: 'un texte',
}

/** Value fields each EVP format wants (codification.ts FormatEvp). */
export const FORMAT_FIELDS: Readonly<Record<CodeEvp['format'], readonly ValueField[]>> = {
  quantite: ['quantite'],
  montant: ['montant'],
  taux: ['taux'],
  quantite_taux: ['quantite', 'taux'],
  texte: ['valeur_texte'],
}

/**
 * Checks an EVP's values against its code's format: each wanted field given, no other.
 * @throws SandboxRefusal 422 FORMAT_VALEUR at `body.<field>`.
 */
export function checkEvpFormat(code: CodeEvp, values: Readonly<Record<ValueField, string | null>>): void {
  const wanted = FORMAT_FIELDS[code.format]
  for (const field of VALUE_FIELDS) {
    const given = values[field] !== null && values[field] !== ''
    if (wanted.includes(field) && !given) {
      throw regleMetier(`body.${field}`, RULE_CODES.formatValeur, `Le code ${code.code} (${code.libelle}) attend ${VALUE_LABELS[field]}.`)
    }
    if (!wanted.includes(field) && given) {
      throw regleMetier(
        `body.${field}`,
        RULE_CODES.formatValeur,
        `Le code ${code.code} (${code.libelle}) n’accepte pas ${VALUE_LABELS[field]} (format ${code.format}).`,
      )
    }
  }
}

type EvpDraft = Omit<Evp, 'id' | 'date_creation' | 'date_modification' | 'cree_par' | 'numero_contrat'> & { numero_contrat: string | null }
type PrimeDraft = Omit<PrimeIndemnite, 'id' | 'date_creation' | 'date_modification' | 'cree_par' | 'numero_contrat'> & {
  numero_contrat: string | null
}

function contractFor(ctx: HandlerContext, d: { siren: string; matricule: string; periode: string; numero_contrat: string | null }): string {
  return resolveContract(ctx, {
    siren: d.siren,
    matricule: d.matricule,
    du: periodStart(d.periode),
    au: periodEnd(d.periode),
    numero: d.numero_contrat,
    cheminDates: 'body.periode',
    libelleDates: `sur la période ${d.periode}`,
  })
}

/** The record's contract when it still runs in its (new) period, else null (resolved again). */
function keptContract(
  ctx: HandlerContext,
  r: { siren: string; matricule: string; periode: string; numero_contrat: string | null },
): string | null {
  const running = activeContracts(ctx, r.siren, r.matricule, periodStart(r.periode), periodEnd(r.periode))
  return running.some((c) => c.numero_contrat === r.numero_contrat) ? r.numero_contrat : null
}

function checkEvp(ctx: HandlerContext, d: EvpDraft): Omit<Evp, 'id' | 'date_creation' | 'date_modification' | 'cree_par'> {
  const dossier = dossierOfBody(ctx, d.siren)
  salarieOfBody(ctx, d.siren, d.matricule)
  const code = (ctx.store.codesEvp[d.siren] ?? []).find((c) => c.code === d.code_evp)
  if (code === undefined)
    throw regleMetier('body.code_evp', RULE_CODES.codeInconnu, `Le code EVP ${d.code_evp} n’existe pas pour le dossier ${d.siren}.`)
  checkEvpFormat(code, d)
  requireOpenPeriod(dossier, d.periode)
  return { ...d, numero_contrat: contractFor(ctx, d) }
}

function checkPrime(ctx: HandlerContext, d: PrimeDraft): Omit<PrimeIndemnite, 'id' | 'date_creation' | 'date_modification' | 'cree_par'> {
  const dossier = dossierOfBody(ctx, d.siren)
  salarieOfBody(ctx, d.siren, d.matricule)
  if (!(ctx.store.codesPrimesIndemnites[d.siren] ?? []).some((c) => c.code === d.code_prime)) {
    throw regleMetier(
      'body.code_prime',
      RULE_CODES.codeInconnu,
      `Le code de prime ${d.code_prime} n’existe pas pour le dossier ${d.siren}.`,
    )
  }
  requireOpenPeriod(dossier, d.periode)
  return { ...d, numero_contrat: contractFor(ctx, d) }
}

function listerEvp(req: ParsedRequestOf<'listerEvp'>, ctx: HandlerContext): PageOf<Evp> {
  return listEntries(ctx, ctx.store.evp, req.query)
}

function creerEvp(req: ParsedRequestOf<'creerEvp'>, ctx: HandlerContext): Evp {
  const b = req.body
  const checked = checkEvp(ctx, {
    ...b,
    numero_contrat: b.numero_contrat ?? null,
    quantite: b.quantite ?? null,
    taux: b.taux ?? null,
    montant: b.montant ?? null,
    valeur_texte: b.valeur_texte ?? null,
    commentaire: b.commentaire ?? null,
  })
  const record: Evp = { ...checked, ...createdFields(ctx) }
  ctx.store.evp.push(record)
  return record
}

function modifierEvp(req: ParsedRequestOf<'modifierEvp'>, ctx: HandlerContext): Evp {
  const current = findEntry(ctx, ctx.store.evp, req.params.id, 'EVP')
  const fields = omitKeys(current, SERVER_FIELDS)
  const merged = { ...fields, ...definedFields(req.body) }
  parsePart(EvpCreateDto, merged, 'body')
  const numero = req.body.numero_contrat !== undefined ? merged.numero_contrat : keptContract(ctx, merged)
  const checked = checkEvp(ctx, { ...merged, numero_contrat: numero ?? null })
  return replaceEntry(ctx.store.evp, current, { ...current, ...checked, date_modification: instantOf(ctx) })
}

function listerPrimesIndemnites(req: ParsedRequestOf<'listerPrimesIndemnites'>, ctx: HandlerContext): PageOf<PrimeIndemnite> {
  return listEntries(ctx, ctx.store.primesIndemnites, req.query)
}

function creerPrimeIndemnite(req: ParsedRequestOf<'creerPrimeIndemnite'>, ctx: HandlerContext): PrimeIndemnite {
  const b = req.body
  const checked = checkPrime(ctx, {
    ...b,
    numero_contrat: b.numero_contrat ?? null,
    prime_nette: b.prime_nette ?? false,
    libelle_bulletin: b.libelle_bulletin ?? null,
  })
  const record: PrimeIndemnite = { ...checked, ...createdFields(ctx) }
  ctx.store.primesIndemnites.push(record)
  return record
}

function modifierPrimeIndemnite(req: ParsedRequestOf<'modifierPrimeIndemnite'>, ctx: HandlerContext): PrimeIndemnite {
  const current = findEntry(ctx, ctx.store.primesIndemnites, req.params.id, 'Prime ou indemnité')
  const fields = omitKeys(current, SERVER_FIELDS)
  const merged = { ...fields, ...definedFields(req.body) }
  const numero = req.body.numero_contrat !== undefined ? merged.numero_contrat : keptContract(ctx, merged)
  const checked = checkPrime(ctx, { ...merged, numero_contrat: numero ?? null })
  return replaceEntry(ctx.store.primesIndemnites, current, { ...current, ...checked, date_modification: instantOf(ctx) })
}

/** Handlers of the EVP and primes-indemnites operations. */
export const evpHandlers = {
  listerEvp,
  creerEvp,
  modifierEvp,
  supprimerEvp: (req, ctx) => {
    removeEntry(ctx, ctx.store.evp, req.params.id, 'EVP')
  },
  listerPrimesIndemnites,
  creerPrimeIndemnite,
  modifierPrimeIndemnite,
  supprimerPrimeIndemnite: (req, ctx) => {
    removeEntry(ctx, ctx.store.primesIndemnites, req.params.id, 'Prime ou indemnité')
  },
} satisfies Partial<Handlers>
