import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../../src-shared/api/codification'
import { Dossier } from '../../../src-shared/api/dossiers'
import {
  AbsenceCreateDto,
  AvantageNatureCreateDto,
  EvpCreateDto,
  FraisProfessionnelCreateDto,
  PrimeIndemniteCreateDto,
} from '../../../src-shared/api/entries'
import { Salarie } from '../../../src-shared/api/salaries'
import type { EntryKind } from '../../../src-shared/domain/entry-kinds'
import {
  absenceSpanOverlaps,
  presentOn,
  validateEntry,
  type AbsenceSpan,
  type FieldIssue,
  type ValidationContext,
} from '../../../src-shared/domain/validation'
import { PAYLOAD_SIREN, valid } from '../../support/entry-payloads'

// ------------------------------------------------------------------ fixtures, checked against the contract

const SIREN = PAYLOAD_SIREN
const dossier = Dossier.parse({
  siren: SIREN,
  raison_sociale: 'Boulangerie Martin',
  code_naf: '1071C',
  idcc: '0843',
  periode_paie_en_cours: '2026-11',
  etablissements: [
    {
      nic: '00017',
      siret: `${SIREN}00017`,
      denomination: 'Boulangerie Martin',
      adresse: '1 rue du Four',
      code_postal: '69001',
      commune: 'Lyon',
      siege: true,
    },
  ],
})

function salarie(
  matricule: string,
  contrats: { numero_contrat: string; date_debut: string; date_fin: string | null }[],
  extra: { siren?: string; date_sortie?: string | null } = {},
) {
  return Salarie.parse({
    matricule,
    siren: extra.siren ?? SIREN,
    nic: '00017',
    nom: 'Durand',
    prenom: 'Jeanne',
    nom_usage: null,
    date_naissance: '1990-04-12',
    date_entree: contrats[0]?.date_debut ?? '2020-01-01',
    date_sortie: extra.date_sortie ?? null,
    email: null,
    coffre_active: false,
    contrats: contrats.map((c) => ({ ...c, nature_contrat: '01' })),
  })
}

/** One open-ended contract. */
const jeanne = salarie('M001', [{ numero_contrat: 'C1', date_debut: '2020-01-01', date_fin: null }])
/** Two contracts that both run from 10 to 15 November 2026 (C1 ends on the 15th). */
const paul = salarie('M002', [
  { numero_contrat: 'C1', date_debut: '2025-01-01', date_fin: '2026-11-15' },
  { numero_contrat: 'C2', date_debut: '2026-11-10', date_fin: null },
])
/** Leaves the company on 20 November 2026. */
const lea = salarie('M003', [{ numero_contrat: 'C1', date_debut: '2024-01-01', date_fin: null }], { date_sortie: '2026-11-20' })
/** Employee of another dossier. */
const autre = salarie('M001', [{ numero_contrat: 'C1', date_debut: '2020-01-01', date_fin: null }], { siren: '552100554' })

const visibilite = { gp: true, employeur: true }
const codesAbsences = [
  {
    code: 'CP',
    libelle: 'Congés payés',
    categorie: 'conges',
    motif_arret: null,
    motif_suspension: null,
    demi_journee_autorisee: true,
    securite_sociale: false,
  },
  {
    code: 'MAL',
    libelle: 'Maladie',
    categorie: 'maladie',
    motif_arret: '01',
    motif_suspension: null,
    demi_journee_autorisee: false,
    securite_sociale: true,
  },
].map((c) => CodeAbsence.parse(c))
function evpCode(code: string, libelle: string, format: string, unite: string, masque = false) {
  return CodeEvp.parse({ code, libelle, libelle_court: code, famille: 'Temps', format, unite, ordre: 1, masque, visibilite })
}
const codesEvp = [
  evpCode('HS25', 'Heures supplémentaires à 25 %', 'quantite', 'heures'),
  evpCode('JRTT', 'Jours de RTT', 'quantite', 'jours'),
  evpCode('PANIER', 'Indemnité de panier', 'montant', 'euros'),
  evpCode('MAJ', 'Taux de majoration', 'taux', 'pourcent'),
  evpCode('HSTX', 'Heures majorées', 'quantite_taux', 'heures'),
  evpCode('OBS', 'Observation', 'texte', 'texte'),
  evpCode('ANC', 'Ancienne astreinte', 'quantite', 'heures', true),
]
const codesPrimes = [CodePrimeIndemnite.parse({ code: 'PREXC', libelle: 'Prime exceptionnelle', soumise_cotisations: true, visibilite })]

function ctx(s: Salarie | undefined, otherAbsences: readonly AbsenceSpan[] = []): ValidationContext {
  return { dossier, salarie: s, codesAbsences, codesEvp, codesPrimes, otherAbsences }
}

const SCHEMAS = {
  evp: EvpCreateDto,
  absence: AbsenceCreateDto,
  prime: PrimeIndemniteCreateDto,
  avantage: AvantageNatureCreateDto,
  frais: FraisProfessionnelCreateDto,
}

function check(kind: EntryKind, payload: Record<string, unknown>, context: ValidationContext = ctx(jeanne)): FieldIssue[] {
  return validateEntry(kind, 'create', payload, context)
}

/** Generic English (zod's defaults) must never reach the clerk. */
function expectFrench(message: string): void {
  expect(message).not.toMatch(/\b(invalid|required|expected|too small|too big|received)\b/i)
  expect(message.length).toBeGreaterThan(5)
}

/** The issues hold exactly one on `champ`, in French, matching `pattern`. */
function expectIssue(issues: FieldIssue[], champ: string, pattern: RegExp | string): void {
  const onField = issues.filter((i) => i.champ === champ)
  expect(onField, `issues: ${JSON.stringify(issues)}`).toHaveLength(1)
  const [issue] = onField
  if (typeof pattern === 'string') expect(issue!.message).toBe(pattern)
  else expect(issue!.message).toMatch(pattern)
  expectFrench(issue!.message)
}

describe('fixtures', () => {
  it('valid payloads pass their contract schema and every rule', () => {
    for (const kind of ['evp', 'absence', 'prime', 'avantage', 'frais'] as const) {
      expect(SCHEMAS[kind].safeParse(valid[kind]()).success).toBe(true)
      expect(check(kind, valid[kind]())).toEqual([])
    }
  })
})

describe('contract schema, in French', () => {
  it('says « Champ obligatoire » for a missing field and « Valeur invalide » for a wrong type', () => {
    const sansPeriode: Record<string, unknown> = valid.evp()
    delete sansPeriode['periode']
    expectIssue(check('evp', sansPeriode), 'periode', 'Champ obligatoire')
    expectIssue(check('prime', valid.prime({ montant: 250 })), 'montant', 'Valeur invalide')
    expectIssue(check('absence', valid.absence({ code_absence: '' })), 'code_absence', 'Champ obligatoire')
    expectIssue(check('frais', valid.frais({ type_frais: 'taxi' })), 'type_frais', /Valeur invalide/)
  })

  it('keeps the contract’s own French messages and gives one issue per field', () => {
    expectIssue(check('prime', valid.prime({ montant: '12,50' })), 'montant', /^Montant : nombre décimal/)
    expectIssue(check('evp', valid.evp({ siren: '123' })), 'siren', 'SIREN : 9 chiffres attendus')
    expectIssue(check('absence', valid.absence({ date_fin: '2026-10-30' })), 'date_fin', 'La date de fin précède la date de début')
  })

  it('uses the patch schema for an update: a partial body passes, its fields are still checked', () => {
    expect(validateEntry('prime', 'update', { montant: '300' }, ctx(jeanne))).toEqual([])
    expectIssue(validateEntry('prime', 'update', { montant: '3,00' }, ctx(jeanne)), 'montant', /^Montant/)
    expect(validateEntry('evp', 'update', { code_evp: 'HS25' }, ctx(jeanne))).toEqual([])
  })
})

describe('employee and dossier', () => {
  it('refuses an employee unknown to the cache or of another dossier, on matricule', () => {
    expectIssue(
      check('evp', valid.evp({ matricule: 'Z9' }), ctx(undefined)),
      'matricule',
      /Z9 n’existe pas dans le dossier Boulangerie Martin/,
    )
    expectIssue(check('evp', valid.evp(), ctx(autre)), 'matricule', /n’appartient pas au dossier Boulangerie Martin \(732829320\)/)
    expectIssue(check('evp', valid.evp({ matricule: 'M002' })), 'matricule', /M002 ne correspond pas/)
  })

  it('refuses a payload naming another dossier, on siren', () => {
    expectIssue(check('frais', valid.frais({ siren: '552100554' })), 'siren', /552100554 n’est pas celui du dossier/)
  })
})

describe('codes of the dossier', () => {
  it('refuses unknown codes, and hidden EVP codes', () => {
    expectIssue(check('absence', valid.absence({ code_absence: 'XX' })), 'code_absence', /code d’absence XX n’existe pas/)
    expectIssue(check('evp', valid.evp({ code_evp: 'XX' })), 'code_evp', /code EVP XX n’existe pas/)
    expectIssue(check('evp', valid.evp({ code_evp: 'ANC' })), 'code_evp', /ANC \(Ancienne astreinte\) est masqué/)
    expectIssue(check('prime', valid.prime({ code_prime: 'XX' })), 'code_prime', /code de prime XX n’existe pas/)
  })
})

describe('presence under contract', () => {
  it('wants one contract over the whole absence, and stops at the exit date', () => {
    expectIssue(
      check('absence', valid.absence({ date_debut: '2019-12-30', date_fin: '2020-01-02' }), ctx(jeanne)),
      'date_debut',
      /n’est pas sous contrat le 30\/12\/2019/,
    )
    expectIssue(
      check('absence', valid.absence({ matricule: 'M003', date_debut: '2026-11-18', date_fin: '2026-11-25' }), ctx(lea)),
      'date_fin',
      /jusqu’au 25\/11\/2026 \(sortie des effectifs le 20\/11\/2026\)/,
    )
    expect(check('absence', valid.absence({ matricule: 'M003', date_debut: '2026-11-18', date_fin: '2026-11-20' }), ctx(lea))).toEqual([])
    expectIssue(
      check(
        'absence',
        valid.absence({ matricule: 'M002', date_debut: '2026-11-01', date_fin: '2026-11-20', numero_contrat: 'C1' }),
        ctx(paul),
      ),
      'date_fin',
      'L’absence s’étend sur plusieurs contrats (fin du contrat C1 le 15/11/2026) : saisissez une absence par contrat.',
    )
  })

  it('wants a contract in the month for EVP, prime, avantage and frais', () => {
    for (const kind of ['evp', 'prime', 'avantage', 'frais'] as const) {
      const payload = valid[kind]({ matricule: 'M003', periode: '2026-12', ...(kind === 'frais' ? { date: '2026-11-19' } : {}) })
      expectIssue(check(kind, payload, ctx(lea)), 'periode', 'Jeanne Durand (M003) n’a aucun contrat sur la période 2026-12.')
    }
  })

  it('wants the expense’s own date under contract', () => {
    expectIssue(
      check('frais', valid.frais({ matricule: 'M003', date: '2026-11-25' }), ctx(lea)),
      'date',
      /n’est pas sous contrat le 25\/11\/2026/,
    )
  })

  it('presentOn: inclusive bounds, open-ended contracts, exit date, one contract for the whole range', () => {
    expect(presentOn(jeanne, '2020-01-01', '2099-12-31')).toBe(true)
    expect(presentOn(jeanne, '2019-12-31', '2020-01-01')).toBe(false)
    expect(presentOn(lea, '2026-11-20', '2026-11-20')).toBe(true)
    expect(presentOn(lea, '2026-11-21', '2026-11-21')).toBe(false)
    expect(presentOn(paul, '2026-11-01', '2026-11-15')).toBe(true)
    const gap = salarie('M004', [
      { numero_contrat: 'A', date_debut: '2026-01-01', date_fin: '2026-03-31' },
      { numero_contrat: 'B', date_debut: '2026-04-01', date_fin: null },
    ])
    expect(presentOn(gap, '2026-03-30', '2026-04-02')).toBe(false)
    expect(presentOn(jeanne, '2026-11-05', '2026-11-04')).toBe(false)
  })
})

describe('open period', () => {
  it('closes periods before periode_paie_en_cours for every period kind, and names both', () => {
    for (const kind of ['evp', 'prime', 'avantage', 'frais'] as const) {
      const payload = valid[kind]({ periode: '2026-10', ...(kind === 'frais' ? { date: '2026-10-05' } : {}) })
      expectIssue(check(kind, payload), 'periode', 'La période 2026-10 est close : la période de paie en cours du dossier est 2026-11.')
      expect(check(kind, valid[kind]({ periode: '2027-01', ...(kind === 'frais' ? { date: '2027-01-05' } : {}) }))).toEqual([])
    }
  })

  it('lets an absence touch the current period: only an end before it is refused', () => {
    expectIssue(
      check('absence', valid.absence({ date_debut: '2026-10-26', date_fin: '2026-10-31' })),
      'date_fin',
      /La période 2026-10 \(fin de l’absence le 31\/10\/2026\) est close : la période de paie en cours du dossier est 2026-11/,
    )
    expect(check('absence', valid.absence({ date_debut: '2026-10-28', date_fin: '2026-11-03' }))).toEqual([])
  })
})

describe('overlapping absences', () => {
  const cp = { date_debut: '2026-11-02', date_fin: '2026-11-04', demi_journee_debut: false, demi_journee_fin: false, label: 'Congés payés' }

  it('refuses an absence sharing a half day with another, naming its dates', () => {
    const issues = check('absence', valid.absence({ date_debut: '2026-11-04', date_fin: '2026-11-06' }), ctx(jeanne, [cp]))
    expectIssue(issues, 'date_debut', 'Cette absence chevauche l’absence « Congés payés » du 02/11/2026 au 04/11/2026.')
  })

  it('lets an absence start at noon on the day another ends at noon', () => {
    const matin = { ...cp, demi_journee_fin: true }
    expect(
      check('absence', valid.absence({ date_debut: '2026-11-04', date_fin: '2026-11-06', demi_journee_debut: true }), ctx(jeanne, [matin])),
    ).toEqual([])
    const issues = check('absence', valid.absence({ date_debut: '2026-11-04', date_fin: '2026-11-06' }), ctx(jeanne, [matin]))
    expectIssue(issues, 'date_debut', /chevauche l’absence « Congés payés » du 02\/11\/2026 au 04\/11\/2026 \(matin\)/)
  })

  it('absenceSpanOverlaps follows half days', () => {
    const day = (d: string, debut = false, fin = false): AbsenceSpan => ({
      date_debut: d,
      date_fin: d,
      demi_journee_debut: debut,
      demi_journee_fin: fin,
    })
    expect(absenceSpanOverlaps(day('2026-11-02'), day('2026-11-03'))).toBe(false)
    expect(absenceSpanOverlaps(day('2026-11-02', false, true), day('2026-11-02', true, false))).toBe(false)
    expect(absenceSpanOverlaps(day('2026-11-02'), day('2026-11-02', true, false))).toBe(true)
    expect(absenceSpanOverlaps(day('2026-11-02', false, true), day('2026-11-02'))).toBe(true)
    expect(absenceSpanOverlaps(cp, { ...day('2026-11-04'), date_debut: '2026-11-04', date_fin: '2026-11-30' })).toBe(true)
  })

  it('absenceSpanOverlaps agrees with a half-day set model (property)', () => {
    const span = fc
      .record({ start: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 0, max: 10 }), debut: fc.boolean(), fin: fc.boolean() })
      .map((r): AbsenceSpan => ({
        date_debut: isoDay(r.start),
        date_fin: isoDay(r.start + r.length),
        demi_journee_debut: r.debut,
        demi_journee_fin: r.fin,
      }))
    fc.assert(
      fc.property(span, span, (a, b) => {
        const shared = [...halfDaySet(a)].some((h) => halfDaySet(b).has(h))
        return absenceSpanOverlaps(a, b) === shared && absenceSpanOverlaps(b, a) === shared
      }),
    )
  })
})

/** 2026-11-01 plus `n` days. */
function isoDay(n: number): string {
  return new Date(Date.UTC(2026, 10, 1 + n)).toISOString().slice(0, 10)
}

/** Half days an absence covers, as `date:am` / `date:pm`, by walking the calendar. */
function halfDaySet(a: AbsenceSpan): Set<string> {
  const out = new Set<string>()
  for (let n = 0; n <= 60; n += 1) {
    const d = isoDay(n)
    if (d < a.date_debut || d > a.date_fin) continue
    if (!(d === a.date_debut && a.demi_journee_debut)) out.add(`${d}:am`)
    if (!(d === a.date_fin && a.demi_journee_fin)) out.add(`${d}:pm`)
  }
  return out
}

describe('half days', () => {
  it('refuses half days on a code that does not allow them, naming the code', () => {
    expectIssue(
      check('absence', valid.absence({ code_absence: 'MAL', demi_journee_debut: true })),
      'demi_journee_debut',
      /MAL \(Maladie\) ne se saisit pas par demi-journée/,
    )
    expectIssue(check('absence', valid.absence({ code_absence: 'MAL', demi_journee_fin: true })), 'demi_journee_fin', /MAL \(Maladie\)/)
    expect(check('absence', valid.absence({ demi_journee_debut: true, demi_journee_fin: true }))).toEqual([])
  })

  it('allows one flag only on a single-day absence', () => {
    const oneDay = { date_debut: '2026-11-05', date_fin: '2026-11-05' }
    expect(check('absence', valid.absence({ ...oneDay, demi_journee_fin: true }))).toEqual([])
    expectIssue(
      check('absence', valid.absence({ ...oneDay, demi_journee_debut: true, demi_journee_fin: true })),
      'demi_journee_fin',
      /une seule demi-journée/,
    )
  })
})

describe('EVP value against the code’s format', () => {
  it('quantite wants a quantity and no amount', () => {
    const issues = check('evp', valid.evp({ quantite: null, montant: '10' }))
    expectIssue(issues, 'quantite', 'Le code HS25 (Heures supplémentaires à 25 %) attend une quantité.')
    expectIssue(issues, 'montant', /HS25 \(Heures supplémentaires à 25 %\) n’accepte pas un montant : il se saisit en quantité/)
  })

  it('montant, taux, quantite_taux and texte want their fields', () => {
    expect(check('evp', valid.evp({ code_evp: 'PANIER', quantite: null, montant: '7.30' }))).toEqual([])
    expectIssue(check('evp', valid.evp({ code_evp: 'PANIER' })), 'montant', /PANIER \(Indemnité de panier\) attend un montant/)
    expectIssue(check('evp', valid.evp({ code_evp: 'MAJ' })), 'taux', /MAJ \(Taux de majoration\) attend un taux/)
    expectIssue(check('evp', valid.evp({ code_evp: 'HSTX' })), 'taux', /HSTX \(Heures majorées\) attend un taux/)
    expect(check('evp', valid.evp({ code_evp: 'HSTX', taux: '50' }))).toEqual([])
    expectIssue(check('evp', valid.evp({ code_evp: 'OBS' })), 'valeur_texte', /OBS \(Observation\) attend un texte/)
  })

  it('on an update, only a wanted field cleared is missing', () => {
    expect(validateEntry('evp', 'update', { code_evp: 'MAJ' }, ctx(jeanne))).toEqual([])
    expectIssue(validateEntry('evp', 'update', { code_evp: 'MAJ', taux: null }, ctx(jeanne)), 'taux', /attend un taux/)
  })
})

describe('numero_contrat', () => {
  it('is required when several contracts run, and must be one of them', () => {
    const multi = ctx(paul)
    expectIssue(
      check('evp', valid.evp({ matricule: 'M002' }), multi),
      'numero_contrat',
      'Jeanne Durand (M002) a plusieurs contrats sur la période 2026-11 (C1, C2) : précisez le numéro de contrat.',
    )
    expect(check('evp', valid.evp({ matricule: 'M002', numero_contrat: 'C2' }), multi)).toEqual([])
    expectIssue(
      check('prime', valid.prime({ matricule: 'M002', numero_contrat: 'C9' }), multi),
      'numero_contrat',
      'Le contrat C9 n’existe pas pour Jeanne Durand (M002) (contrats sur la période 2026-11 : C1, C2).',
    )
    expectIssue(check('prime', valid.prime({ matricule: 'M002' }), multi), 'numero_contrat', /plusieurs contrats/)
    expectIssue(
      check('absence', valid.absence({ matricule: 'M002', date_debut: '2026-11-12', date_fin: '2026-11-13' }), multi),
      'numero_contrat',
      /plusieurs contrats du 12\/11\/2026 au 13\/11\/2026 \(C1, C2\)/,
    )
    expect(check('absence', valid.absence({ matricule: 'M002', date_debut: '2026-11-20', date_fin: '2026-11-21' }), multi)).toEqual([])
  })

  it('when given, names a contract of the employee running then', () => {
    expectIssue(check('evp', valid.evp({ numero_contrat: 'C9' })), 'numero_contrat', /C9 n’existe pas/)
    expectIssue(
      check('evp', valid.evp({ matricule: 'M002', periode: '2026-12', numero_contrat: 'C1' }), ctx(paul)),
      'numero_contrat',
      'Le contrat C1 de Jeanne Durand (M002) ne court pas sur la période 2026-12 (contrats sur la période 2026-12 : C2).',
    )
    const horsContrat = check('evp', valid.evp({ matricule: 'M003', periode: '2026-12', numero_contrat: 'C7' }), ctx(lea))
    expectIssue(
      horsContrat,
      'numero_contrat',
      'Le contrat C7 n’existe pas pour Jeanne Durand (M003) (aucun contrat sur la période 2026-12).',
    )
    expectIssue(horsContrat, 'periode', /aucun contrat sur la période 2026-12/)
  })

  it('is not required on an update that leaves it out (the record keeps its contract)', () => {
    expect(validateEntry('evp', 'update', { periode: '2026-11', quantite: '2' }, ctx(paul))).toEqual([])
  })
})

describe('bounds', () => {
  it('amounts are above 0 and under each kind’s ceiling, shown in French', () => {
    expectIssue(check('prime', valid.prime({ montant: '0' })), 'montant', 'Le montant doit être supérieur à 0 € (0 € saisi).')
    expectIssue(check('avantage', valid.avantage({ montant: '-4' })), 'montant', /supérieur à 0 €/)
    expect(check('prime', valid.prime({ montant: '100000' }))).toEqual([])
    expectIssue(
      check('prime', valid.prime({ montant: '100000.01' })),
      'montant',
      'Le montant 100\u00A0000,01 € dépasse le plafond de 100\u00A0000 € pour une prime : vérifiez la saisie.',
    )
    expectIssue(
      check('evp', valid.evp({ code_evp: 'PANIER', quantite: null, montant: '100000.01' })),
      'montant',
      /plafond de 100\u00A0000 €/,
    )
    expect(check('frais', valid.frais({ montant: '10000' }))).toEqual([])
    expectIssue(check('frais', valid.frais({ montant: '10000.01' })), 'montant', /plafond de 10\u00A0000 € pour une note de frais/)
    expectIssue(
      check('avantage', valid.avantage({ montant: '10000.01' })),
      'montant',
      /plafond de 10\u00A0000 € pour un avantage en nature/,
    )
  })

  it('quantities: above 0, at most 744 hours or 31 days', () => {
    expect(check('evp', valid.evp({ quantite: '744' }))).toEqual([])
    expectIssue(check('evp', valid.evp({ quantite: '744.001' })), 'quantite', /744,001 heures dépassent les 744 heures/)
    expect(check('evp', valid.evp({ code_evp: 'JRTT', quantite: '31' }))).toEqual([])
    expectIssue(check('evp', valid.evp({ code_evp: 'JRTT', quantite: '31.5' })), 'quantite', /31,5 jours dépassent les 31 jours/)
    expectIssue(check('evp', valid.evp({ quantite: '0' })), 'quantite', /supérieure à 0/)
  })

  it('rates in (0, 1000]', () => {
    expect(check('evp', valid.evp({ code_evp: 'MAJ', quantite: null, taux: '1000' }))).toEqual([])
    expectIssue(
      check('evp', valid.evp({ code_evp: 'MAJ', quantite: null, taux: '1000.0001' })),
      'taux',
      'Le taux 1\u00A0000,0001 % doit être supérieur à 0 et au plus 1\u00A0000 %.',
    )
    expectIssue(check('evp', valid.evp({ code_evp: 'MAJ', quantite: null, taux: '0' })), 'taux', /supérieur à 0 et au plus 1\u00A0000 %/)
  })

  it('kilometres: required for mileage, above 0, at most 5 000', () => {
    const ik = { type_frais: 'indemnites_kilometriques', montant: '120.00' }
    expectIssue(check('frais', valid.frais(ik)), 'kilometres', /Kilomètres requis/)
    expect(check('frais', valid.frais({ ...ik, kilometres: '5000' }))).toEqual([])
    expectIssue(
      check('frais', valid.frais({ ...ik, kilometres: '5000.5' })),
      'kilometres',
      /5\u00A0000,5 km dépassent le plafond de 5\u00A0000 km/,
    )
    expectIssue(check('frais', valid.frais({ kilometres: '0' })), 'kilometres', /supérieur à 0/)
  })

  it('an expense dates from its period or the 3 months before, never after', () => {
    expect(check('frais', valid.frais({ date: '2026-08-01' }))).toEqual([])
    expect(check('frais', valid.frais({ date: '2026-11-30' }))).toEqual([])
    expectIssue(
      check('frais', valid.frais({ date: '2026-07-31' })),
      'date',
      'La date du 31/07/2026 est plus de 3 mois avant la période 2026-11 : au plus tôt le 01/08/2026.',
    )
    expectIssue(check('frais', valid.frais({ date: '2026-12-01' })), 'date', /La date du 01\/12\/2026 est postérieure à la période 2026-11/)
  })
})

describe('robustness', () => {
  it('never throws and always answers French, whatever the payload (property)', () => {
    const kinds = fc.constantFrom<EntryKind>('evp', 'absence', 'prime', 'avantage', 'frais')
    const value = fc.oneof(
      fc.string(),
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.constantFrom('2026-11', '2026-11-05', '12.5', '-3', 'CP', 'M002', 'C1'),
    )
    const payload = fc.dictionary(
      fc.constantFrom(
        'siren',
        'matricule',
        'periode',
        'date',
        'date_debut',
        'date_fin',
        'demi_journee_debut',
        'code_evp',
        'code_absence',
        'quantite',
        'taux',
        'montant',
        'kilometres',
        'numero_contrat',
        'type_frais',
      ),
      value,
    )
    fc.assert(
      fc.property(kinds, fc.constantFrom('create' as const, 'update' as const), payload, (kind, op, p) => {
        const issues = validateEntry(kind, op, p, ctx(paul))
        const champs = issues.map((i) => i.champ)
        expect(new Set(champs).size).toBe(champs.length)
        for (const i of issues) expectFrench(i.message)
      }),
    )
  })
})
