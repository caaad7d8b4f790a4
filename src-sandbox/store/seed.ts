/**
 * Seed data of the sandbox payroll API: a whole, consistent, deterministic store for a given (seed, today).
 *
 * Content: one cabinet with 4 users (3 gestionnaires, 1 responsable) and their API clients (SEED_CLIENTS),
 * 4 dossiers (SEED_DOSSIERS; A has 260 employees over 3 establishments, 13 of them with two concurrent contracts),
 * employees with valid NIR, IBAN and BIC, contracts with their working time, absence / EVP / bonus codes and
 * dynamic code lists, payslips of the previous and current period of each dossier in every workflow state, the
 * year's cumuls, a few dozen entries, 12 months of monthly DSN per establishment, event-based DSN, notes and
 * billing counters.
 *
 * Randomness: mulberry32 streams derived from `seed` (seed-random.ts), never Math.random; every date derives
 * from `today`. Two calls with the same options return deep-equal stores.
 */
import type { Dossier } from '../../src-shared/api/dossiers'
import { isRealDate } from '../../src-shared/api/common'
import type { SandboxStore } from './types'
import { addMonths, periodeOf, todayUtc } from './seed-calendar'
import { seedAffectations, seedClients, seedUtilisateurs, SEED_CABINET } from './seed-cabinet'
import { CODES_ABSENCES, codesAbsencesDuDossier, codesEvpDuDossier, codesPrimesDuDossier, listesCodes } from './seed-codes'
import { genererDeclarations, genererFacturations } from './seed-declarations'
import { DOSSIER_PLANS, type CleDossier } from './seed-dossiers'
import { genererEntrees, type DossierData } from './seed-entries'
import { genererBulletins, genererCumuls } from './seed-payroll'
import { genererSalaries } from './seed-people'
import { createRng } from './seed-random'

export { DEMO_CREDENTIALS, SEED_CABINET, SEED_CLIENTS, type SeedClient } from './seed-cabinet'
export { SEED_DOSSIERS, type CleDossier } from './seed-dossiers'

/** Seed used when none is given. */
export const DEFAULT_SEED = 20_261

/** Options of {@link createSeedStore}: `seed` (a 32-bit integer) and `today` (`YYYY-MM-DD`, default: today in UTC). */
export interface SeedOptions {
  seed?: number
  today?: string
}

/** Who computed each dossier's payslips (previous and current period): users assigned to it at the time. */
const CALCULE_PAR: Record<CleDossier, { precedente: string; courante: string }> = {
  A: { precedente: 'GP002', courante: 'GP001' },
  B: { precedente: 'GP001', courante: 'GP001' },
  C: { precedente: 'GP002', courante: 'GP002' },
  D: { precedente: 'GP003', courante: 'GP001' },
}

/**
 * Builds the whole sandbox store. `periode_paie_en_cours` of each dossier is the month of `today`, except
 * dossier D, one month behind. Throws `Error` when `today` is not a real `YYYY-MM-DD` date.
 * Generation takes a few tens of milliseconds.
 */
export function createSeedStore(options: SeedOptions = {}): SandboxStore {
  const seed = options.seed ?? DEFAULT_SEED
  const today = options.today ?? todayUtc()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || !isRealDate(today)) throw new Error(`Date du jour invalide (AAAA-MM-JJ attendu) : ${today}`)
  const moisCourant = periodeOf(today)
  const emails = new Set<string>()
  const data: DossierData[] = DOSSIER_PLANS.map((plan, index) => ({
    plan,
    ...genererSalaries(createRng(seed, `salaries-${plan.cle}`), plan, index, today, emails),
    courante: plan.enRetard ? addMonths(moisCourant, -1) : moisCourant,
  }))
  const dossiers: Dossier[] = data.map(({ plan, courante }) => ({
    siren: plan.siren,
    raison_sociale: plan.raison_sociale,
    code_naf: plan.code_naf,
    idcc: plan.idcc,
    periode_paie_en_cours: courante,
    etablissements: plan.etablissements.map((e) => ({
      nic: e.nic,
      siret: e.siret,
      denomination: e.denomination,
      adresse: e.adresse,
      code_postal: e.code_postal,
      commune: e.commune,
      siege: e.siege,
    })),
  }))
  const codesAbsencesParDossier = Object.fromEntries(DOSSIER_PLANS.map((p) => [p.siren, codesAbsencesDuDossier(p)]))
  const bulletins = data.flatMap(({ plan, salaries, contrats, courante }) =>
    genererBulletins(createRng(seed, `bulletins-${plan.cle}`), plan, salaries, contrats, courante, today, CALCULE_PAR[plan.cle]),
  )
  const cumuls = data.flatMap(({ plan, salaries, contrats, courante }) => genererCumuls(plan, salaries, contrats, addMonths(courante, -1)))
  const entrees = genererEntrees(createRng(seed, 'entrees'), data, codesAbsencesParDossier, bulletins, today)
  const dsn = genererDeclarations(createRng(seed, 'declarations'), data, entrees.absences, CODES_ABSENCES, today)
  return {
    cabinet: { ...SEED_CABINET },
    utilisateurs: seedUtilisateurs(),
    clients: seedClients(),
    affectations: seedAffectations(DOSSIER_PLANS, today),
    dossiers,
    salaries: data.flatMap((d) => d.salaries),
    contrats: data.flatMap((d) => d.contrats),
    codesAbsences: CODES_ABSENCES.map((c) => ({ ...c })),
    codesAbsencesParDossier,
    codesEvp: Object.fromEntries(DOSSIER_PLANS.map((p) => [p.siren, codesEvpDuDossier(p.cle)])),
    codesPrimesIndemnites: Object.fromEntries(DOSSIER_PLANS.map((p) => [p.siren, codesPrimesDuDossier(p.cle)])),
    listesCodes: listesCodes(DOSSIER_PLANS),
    bulletins,
    cumuls,
    absences: entrees.absences,
    evp: entrees.evp,
    primesIndemnites: entrees.primesIndemnites,
    avantagesNature: entrees.avantagesNature,
    fraisProfessionnels: entrees.fraisProfessionnels,
    acomptes: entrees.acomptes,
    declarations: dsn.declarations,
    declarationsEvenementielles: dsn.evenementielles,
    notes: entrees.notes,
    extractions: [],
    facturations: genererFacturations(createRng(seed, 'facturations'), data, entrees.absences, CODES_ABSENCES, today),
  }
}
