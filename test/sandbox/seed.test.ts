import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BulletinDetail, Cumul, StatutBulletin } from '../../src-shared/api/bulletins'
import { Extraction, Facturation, Moi, Note, UtilisateurCabinet } from '../../src-shared/api/cabinet'
import { CATEGORIES, Categorie } from '../../src-shared/api/categories'
import { CodeAbsence, CodeEvp, CodePrimeIndemnite, ListeCodes } from '../../src-shared/api/codification'
import { Matricule } from '../../src-shared/api/common'
import { Declaration, DeclarationEvenementielle } from '../../src-shared/api/declarations'
import { AffectationDossier, Dossier } from '../../src-shared/api/dossiers'
import {
  Absence,
  AbsenceCreateDto,
  Acompte,
  AvantageNature,
  Evp,
  EvpCreateDto,
  FraisProfessionnel,
  FraisProfessionnelCreateDto,
  PrimeIndemnite,
} from '../../src-shared/api/entries'
import { DefinitionContrat, DureeTravail, SalarieDetail } from '../../src-shared/api/salaries'
import { isValidBic, isValidIban, isValidNir, isValidSiren, isValidSiret } from '../../src-shared/domain/validation/identifiers'
import { DEMO_CREDENTIALS, SEED_CLIENTS, SEED_DOSSIERS, createSeedStore } from '../../src-sandbox/store/seed'

const TODAY = '2026-11-22'
const YESTERDAY = '2026-11-21'
const TOMORROW = '2026-11-23'
const store = createSeedStore({ seed: 7, today: TODAY })
const [A, B, C, D] = store.dossiers.map((d) => d.siren)

/** Integer cents of a decimal euro string (test helper, no float arithmetic). */
function cents(value: string): number {
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.')
  const abs = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return value.startsWith('-') ? -abs : abs
}

function overlaps(debut: string, fin: string | null, periode: string): boolean {
  return debut <= `${periode}-31` && (fin === null || fin >= `${periode}-01`)
}

describe('createSeedStore: every collection parses with its contract schema', () => {
  const ClientSchema = z.object({
    client_id: z.string().min(1),
    client_secret: z.string().min(8),
    matricule_utilisateur: Matricule,
    droits: z.array(Categorie),
  })
  const cases: [string, z.ZodType, unknown[]][] = [
    ['cabinet', Moi.shape.cabinet, [store.cabinet]],
    ['utilisateurs', UtilisateurCabinet, store.utilisateurs],
    ['clients', ClientSchema, store.clients],
    ['affectations', AffectationDossier, store.affectations],
    ['dossiers', Dossier, store.dossiers],
    ['salaries', SalarieDetail, store.salaries],
    ['contrats', DefinitionContrat.extend({ duree_travail: DureeTravail }), store.contrats],
    ['codesAbsences', CodeAbsence, store.codesAbsences],
    ['codesEvp', CodeEvp, Object.values(store.codesEvp).flat()],
    ['codesPrimesIndemnites', CodePrimeIndemnite, Object.values(store.codesPrimesIndemnites).flat()],
    ['listesCodes', ListeCodes, store.listesCodes],
    ['bulletins', BulletinDetail, store.bulletins],
    ['cumuls', Cumul, store.cumuls],
    ['absences', Absence, store.absences],
    ['absences (règles de création)', AbsenceCreateDto, store.absences],
    ['evp', Evp, store.evp],
    ['evp (règles de création)', EvpCreateDto, store.evp],
    ['primesIndemnites', PrimeIndemnite, store.primesIndemnites],
    ['avantagesNature', AvantageNature, store.avantagesNature],
    ['fraisProfessionnels', FraisProfessionnel, store.fraisProfessionnels],
    ['fraisProfessionnels (règles de création)', FraisProfessionnelCreateDto, store.fraisProfessionnels],
    ['acomptes', Acompte, store.acomptes],
    ['declarations', Declaration, store.declarations],
    ['declarationsEvenementielles', DeclarationEvenementielle, store.declarationsEvenementielles],
    ['notes', Note, store.notes],
    ['extractions', Extraction, store.extractions],
    ['facturations', Facturation, store.facturations],
  ]
  it.each(cases)('%s', (_name, schema, items) => {
    const result = z.array(schema).safeParse(items)
    expect(result.error?.issues.slice(0, 3)).toBeUndefined()
  })

  it('fills every collection but extractions', () => {
    const sizes = Object.entries(store)
      .filter(([, v]) => Array.isArray(v))
      .map(([k, v]) => [k, (v as unknown[]).length] as const)
    expect(sizes.filter(([k, n]) => k !== 'extractions' && n === 0)).toEqual([])
    expect(store.extractions).toEqual([])
  })
})

describe('createSeedStore: identifiers', () => {
  it('gives valid SIRENs and SIRETs (SIREN + NIC, Luhn)', () => {
    expect(new Set(store.dossiers.map((d) => d.siren)).size).toBe(4)
    for (const d of store.dossiers) {
      expect(isValidSiren(d.siren)).toBe(true)
      for (const e of d.etablissements) {
        expect(e.siret).toBe(d.siren + e.nic)
        expect(isValidSiret(e.siret)).toBe(true)
      }
    }
    expect(SEED_DOSSIERS.map((d) => d.siren)).toEqual(store.dossiers.map((d) => d.siren))
  })

  it('gives valid NIRs, including births in Corsica (2A and 2B) and abroad with a residence permit', () => {
    expect(store.salaries.every((s) => isValidNir(s.nir))).toBe(true)
    expect(store.salaries.some((s) => s.nir.slice(5, 7) === '2A')).toBe(true)
    expect(store.salaries.some((s) => s.nir.slice(5, 7) === '2B')).toBe(true)
    const permits = store.salaries.filter((s) => s.titre_sejour !== null)
    expect(permits.length).toBeGreaterThanOrEqual(3)
    expect(permits.every((s) => s.nir.slice(5, 7) === '99')).toBe(true)
  })

  it('gives valid French IBANs and BICs, and unique matricules', () => {
    const banks = store.salaries.flatMap((s) =>
      s.informations_paiement.coordonnees_bancaires === null ? [] : [s.informations_paiement.coordonnees_bancaires],
    )
    expect(banks.length).toBeGreaterThan(300)
    expect(banks.every((b) => b.iban.startsWith('FR') && isValidIban(b.iban) && isValidBic(b.bic))).toBe(true)
    expect(new Set(store.salaries.map((s) => s.matricule)).size).toBe(store.salaries.length)
    expect(store.salaries.some((s) => s.informations_paiement.mode_paiement === 'cheque')).toBe(true)
  })
})

describe('createSeedStore: determinism', () => {
  it('returns deep-equal stores for the same seed and day', () => {
    expect(createSeedStore({ seed: 7, today: TODAY })).toEqual(store)
  })

  it('differs for another seed, but keeps the dossiers and clients', () => {
    const other = createSeedStore({ seed: 8, today: TODAY })
    expect(other.salaries.map((s) => s.nom)).not.toEqual(store.salaries.map((s) => s.nom))
    expect(other.dossiers).toEqual(store.dossiers)
    expect(other.clients).toEqual(store.clients)
  })

  it('derives every date from `today`', () => {
    const later = createSeedStore({ seed: 7, today: '2027-03-05' })
    expect(later.dossiers.map((d) => d.periode_paie_en_cours)).toEqual(['2027-03', '2027-03', '2027-03', '2027-02'])
    expect(store.dossiers.map((d) => d.periode_paie_en_cours)).toEqual(['2026-11', '2026-11', '2026-11', '2026-10'])
    expect(() => createSeedStore({ today: '2026-02-30' })).toThrow(/invalide/)
  })
})

describe('createSeedStore: dossiers, employees and contracts', () => {
  it('has a big dossier of at least 250 employees over 3 establishments, the others 8 to 25', () => {
    const count = (siren: string | undefined): number => store.salaries.filter((s) => s.siren === siren).length
    expect(count(A)).toBeGreaterThanOrEqual(250)
    expect(store.dossiers[0]?.etablissements).toHaveLength(3)
    for (const siren of [B, C, D]) expect(count(siren)).toBeGreaterThanOrEqual(8)
    for (const siren of [B, C, D]) expect(count(siren)).toBeLessThanOrEqual(25)
  })

  it('has at least 12 employees of the big dossier holding two concurrent contracts, each paid twice', () => {
    const doubles = store.salaries.filter(
      (s) => s.siren === A && s.contrats.filter((c) => overlaps(c.date_debut, c.date_fin, '2026-11')).length === 2,
    )
    expect(doubles.length).toBeGreaterThanOrEqual(12)
    for (const s of doubles) {
      expect(store.bulletins.filter((b) => b.matricule === s.matricule && b.periode === '2026-11')).toHaveLength(2)
      expect(store.bulletins.filter((b) => b.matricule === s.matricule && b.periode === '2026-10')).toHaveLength(2)
    }
  })

  it('has leavers, newcomers of this month and ended contracts in the big dossier', () => {
    const big = store.salaries.filter((s) => s.siren === A)
    expect(big.filter((s) => s.date_sortie !== null).length).toBeGreaterThanOrEqual(3)
    expect(big.filter((s) => s.date_entree.startsWith('2026-11')).length).toBeGreaterThanOrEqual(3)
    expect(
      big.filter((s) => s.date_sortie === null && s.contrats.some((c) => c.date_fin !== null && c.date_fin < TODAY)).length,
    ).toBeGreaterThanOrEqual(3)
    expect(big.every((s) => s.date_entree <= TODAY)).toBe(true)
  })

  it('keeps each employee’s contract summary equal to the stored contracts', () => {
    for (const s of store.salaries) {
      const stored = store.contrats.filter((c) => c.matricule === s.matricule)
      expect(s.contrats).toEqual(
        stored.map((c) => ({
          numero_contrat: c.numero_contrat,
          nature_contrat: c.nature_contrat,
          date_debut: c.date_debut,
          date_fin: c.date_fin,
        })),
      )
      expect(stored.every((c) => c.siren === s.siren && c.duree_travail.numero_contrat === c.numero_contrat)).toBe(true)
    }
    expect(store.contrats.some((c) => c.duree_travail.tableau_horaire !== null)).toBe(true)
    expect(
      store.contrats.filter((c) => c.duree_travail.modalite_temps === '20').every((c) => c.duree_travail.tableau_horaire !== null),
    ).toBe(true)
  })

  it('opens the digital safe of some employees, with an opening date', () => {
    const coffre = store.salaries.filter((s) => s.coffre_active)
    expect(coffre.length).toBeGreaterThan(50)
    expect(
      coffre.every((s) => s.date_ouverture_coffre !== null && s.date_ouverture_coffre <= TODAY && s.date_ouverture_coffre >= s.date_entree),
    ).toBe(true)
  })

  it('lists the PCS-ESE codes and collective agreements the contracts use', () => {
    const pcs = new Set(store.listesCodes.find((l) => l.nom === 'pcs_ese')?.elements.map((e) => e.code))
    expect(store.contrats.every((c) => pcs.has(c.pcs_ese))).toBe(true)
    const idcc = new Set(store.listesCodes.find((l) => l.nom === 'conventions_collectives')?.elements.map((e) => e.code))
    expect(['1486', '1979', '2216', '0044', '1597', '3248'].every((code) => idcc.has(code))).toBe(true)
    expect(new Set(store.listesCodes.map((l) => l.nom)).size).toBe(6)
  })
})

describe('createSeedStore: codes', () => {
  it('leaves at least one cabinet absence code out of every dossier', () => {
    const cabinet = store.codesAbsences.map((c) => c.code)
    for (const d of store.dossiers) {
      const offered = store.codesAbsencesParDossier[d.siren] ?? []
      expect(offered.length).toBeGreaterThan(5)
      expect(offered.every((code) => cabinet.includes(code))).toBe(true)
      expect(cabinet.filter((code) => !offered.includes(code)).length).toBeGreaterThanOrEqual(1)
    }
  })

  it('maps stoppages and suspensions to DSN reasons', () => {
    const byCode = new Map(store.codesAbsences.map((c) => [c.code, c]))
    expect(byCode.get('MAL')?.motif_arret).toBe('01')
    expect(byCode.get('MAT')?.motif_arret).toBe('02')
    expect(byCode.get('CSS')?.motif_suspension).toBe('501')
    expect(byCode.get('CP')?.motif_arret).toBeNull()
  })

  it('has EVP codes in every format, one hidden per dossier, in order', () => {
    for (const d of store.dossiers) {
      const codes = store.codesEvp[d.siren] ?? []
      expect(codes.filter((c) => c.masque)).toHaveLength(1)
      expect(codes.map((c) => c.ordre)).toEqual([...codes.map((c) => c.ordre)].sort((a, b) => a - b))
    }
    const formats = new Set(
      Object.values(store.codesEvp)
        .flat()
        .map((c) => c.format),
    )
    expect([...formats].sort()).toEqual(['montant', 'quantite', 'quantite_taux', 'texte'])
  })

  it('has, per dossier, one EVP code and one bonus code the cabinet does not see (entered by the employer), listed last', () => {
    for (const d of store.dossiers) {
      const evp = store.codesEvp[d.siren] ?? []
      const primes = store.codesPrimesIndemnites[d.siren] ?? []
      expect(evp.filter((c) => !c.visibilite.gp).map((c) => c.code)).toEqual(['OBJEMP'])
      expect(evp.at(-1)?.code).toBe('OBJEMP')
      expect(primes.filter((c) => !c.visibilite.gp).map((c) => c.code)).toEqual(['PCOOPT'])
      expect(primes.at(-1)?.code).toBe('PCOOPT')
    }
    // No seed record uses them: what the service holds was entered by the cabinet's side.
    expect(store.evp.some((e) => e.code_evp === 'OBJEMP') || store.primesIndemnites.some((p) => p.code_prime === 'PCOOPT')).toBe(false)
  })
})

describe('createSeedStore: payslips and cumuls', () => {
  it('covers every workflow state', () => {
    const states = new Set(store.bulletins.map((b) => b.statut))
    expect([...states].sort()).toEqual([...StatutBulletin.options].sort())
  })

  it('has payslips for the previous and current period of each dossier, one per active contract', () => {
    for (const d of store.dossiers) {
      const courante = d.periode_paie_en_cours
      const periods = new Set(store.bulletins.filter((b) => b.siren === d.siren).map((b) => b.periode))
      expect(periods.has(courante)).toBe(true)
      expect(periods.size).toBe(2)
      for (const b of store.bulletins.filter((x) => x.siren === d.siren)) {
        const contrat = store.contrats.find((c) => c.numero_contrat === b.numero_contrat && c.matricule === b.matricule)
        expect(contrat?.nic).toBe(b.nic)
      }
    }
  })

  it('computes amounts in cents: brut = gains, net = sum of employee amounts, null until computed', () => {
    for (const b of store.bulletins) {
      if (b.statut === 'a_calculer') {
        expect([b.brut, b.net_a_payer, b.dernier_calcul_par, b.rubriques.lignes.length]).toEqual([null, null, null, 0])
        continue
      }
      const lignes = b.rubriques.lignes
      const gains = lignes.filter((l) => l.code < '2000').reduce((sum, l) => sum + cents(l.montant_salarial ?? '0'), 0)
      const net = lignes.reduce((sum, l) => sum + cents(l.montant_salarial ?? '0'), 0)
      expect(cents(b.brut ?? '')).toBe(gains)
      expect(cents(b.net_a_payer ?? '')).toBe(net)
      expect(net).toBeLessThan(gains)
      expect(lignes.map((l) => l.code)).toEqual(expect.arrayContaining(['1000', '2010', '3000', '3010', '3020']))
      expect(b.dernier_calcul_par).toMatch(/^GP00[123]$/)
    }
  })

  it('dates the workflow: employer sending, safe and employee sending match the state', () => {
    for (const b of store.bulletins) {
      const sent = ['envoye_employeur', 'valide', 'refuse', 'envoye_coffre', 'envoye_salarie'].includes(b.statut)
      expect(b.dates_envoi.employeur !== null).toBe(sent)
      expect(b.dates_envoi.salarie !== null).toBe(b.statut === 'envoye_salarie')
      if (b.statut === 'envoye_coffre') expect(b.date_envoi_coffre).not.toBeNull()
      if (b.date_dernier_calcul !== null) expect(b.date_dernier_calcul.slice(0, 10) <= TODAY).toBe(true)
    }
  })

  it('keeps a year of cumuls per employee with categories and engine codes', () => {
    const first = store.salaries[0]
    const mine = store.cumuls.filter((c) => c.matricule === first?.matricule)
    expect(mine.map((c) => c.code_cumul)).toEqual(expect.arrayContaining(['BRUT', 'NET_IMP', 'PAS', 'CP_ACQUIS']))
    expect(new Set(store.cumuls.map((c) => c.categorie)).size).toBeGreaterThanOrEqual(4)
    expect(store.cumuls.every((c) => c.annee === 2026 && c.code_moteur.length > 0)).toBe(true)
  })
})

describe('createSeedStore: entries, declarations, notes, billing', () => {
  it('has a few dozen entries that refer to present employees and to the dossier’s codes', () => {
    const total =
      store.absences.length +
      store.evp.length +
      store.primesIndemnites.length +
      store.avantagesNature.length +
      store.fraisProfessionnels.length +
      store.acomptes.length
    expect(total).toBeGreaterThanOrEqual(24)
    const matricules = new Map(store.salaries.map((s) => [s.matricule, s.siren]))
    for (const e of [
      ...store.absences,
      ...store.evp,
      ...store.primesIndemnites,
      ...store.avantagesNature,
      ...store.fraisProfessionnels,
      ...store.acomptes,
    ]) {
      expect(matricules.get(e.matricule)).toBe(e.siren)
    }
    expect(store.absences.every((a) => (store.codesAbsencesParDossier[a.siren] ?? []).includes(a.code_absence))).toBe(true)
    expect(store.evp.every((e) => (store.codesEvp[e.siren] ?? []).some((c) => c.code === e.code_evp && !c.masque))).toBe(true)
    expect(store.primesIndemnites.every((p) => (store.codesPrimesIndemnites[p.siren] ?? []).some((c) => c.code === p.code_prime))).toBe(
      true,
    )
    expect(store.evp.every((e) => store.contrats.some((c) => c.matricule === e.matricule && c.numero_contrat === e.numero_contrat))).toBe(
      true,
    )
  })

  it('has an absence of a known big-dossier employee in the current period (overlap tests)', () => {
    const current = store.absences.filter((a) => a.siren === A && a.date_debut.startsWith('2026-11'))
    expect(current.length).toBeGreaterThanOrEqual(2)
    expect(current.some((a) => a.matricule === '10001' && a.code_absence === 'CP')).toBe(true)
  })

  it('has a monthly DSN per establishment for each of the last 12 months', () => {
    expect(store.declarations.length).toBeGreaterThanOrEqual(48)
    for (const d of store.dossiers) {
      const periods = new Set(store.declarations.filter((x) => x.siren === d.siren).map((x) => x.periode))
      expect(periods.size).toBe(12)
      expect(
        store.declarations.filter((x) => x.siren === d.siren && x.periode === '2026-11').every((x) => x.statut === 'en_preparation'),
      ).toBe(true)
    }
    expect(store.declarations.filter((x) => x.statut === 'rejetee')).toHaveLength(1)
    expect(store.declarations.filter((x) => x.statut === 'acceptee').length).toBeGreaterThan(store.declarations.length / 2)
    for (const x of [...store.declarations, ...store.declarationsEvenementielles]) {
      expect(x.recapitulatif_disponible).toBe(x.statut !== 'en_preparation')
      expect(x.date_envoi === null).toBe(x.statut === 'en_preparation')
    }
  })

  it('has event-based DSN for exits (02) and sick leaves (04)', () => {
    const exits = store.salaries.filter((s) => s.date_sortie !== null)
    for (const s of exits) {
      expect(
        store.declarationsEvenementielles.some(
          (e) => e.nature === '02' && e.matricule === s.matricule && e.date_evenement === s.date_sortie,
        ),
      ).toBe(true)
    }
    expect(store.declarationsEvenementielles.some((e) => e.nature === '04')).toBe(true)
  })

  it('notes every refused payslip and keeps employee comments', () => {
    const refused = store.bulletins.filter((b) => b.statut === 'refuse')
    expect(refused.length).toBeGreaterThan(0)
    for (const b of refused) expect(store.notes.some((n) => n.type === 'refus_bulletin' && n.bulletin_id === b.id)).toBe(true)
    expect(store.notes.filter((n) => n.type === 'commentaire_salarie').length).toBeGreaterThanOrEqual(4)
  })

  it('bills each dossier for 12 months', () => {
    for (const d of store.dossiers) expect(store.facturations.filter((f) => f.siren === d.siren)).toHaveLength(12)
    expect(store.facturations.some((f) => f.complement_oeth)).toBe(true)
  })
})

describe('createSeedStore: cabinet users, clients and assignments', () => {
  const of = (matricule: string) => store.affectations.filter((a) => a.matricule_utilisateur === matricule)

  it('assigns the demo user to the 4 dossiers, open-ended, with every right', () => {
    expect(
      of('GP001')
        .map((a) => a.siren)
        .sort(),
    ).toEqual([A, B, C, D].sort())
    expect(of('GP001').every((a) => a.date_debut < TODAY && a.date_fin === null)).toBe(true)
    const demo = store.clients.find((c) => c.client_id === DEMO_CREDENTIALS.client_id)
    expect(demo).toMatchObject({ client_secret: DEMO_CREDENTIALS.client_secret, matricule_utilisateur: 'GP001' })
    expect(demo?.droits).toEqual([...CATEGORIES])
  })

  it('dates user 2’s assignments: A ended yesterday, B starts tomorrow, C current, no D', () => {
    const bySiren = new Map(of('GP002').map((a) => [a.siren, a]))
    expect(bySiren.get(A ?? '')?.date_fin).toBe(YESTERDAY)
    expect(bySiren.get(B ?? '')).toMatchObject({ date_debut: TOMORROW, date_fin: null })
    const c = bySiren.get(C ?? '')
    expect(c !== undefined && c.date_debut <= TODAY && c.date_fin === null).toBe(true)
    expect(bySiren.has(D ?? '')).toBe(false)
  })

  it('restricts user 3: no frais_professionnels nor cabinet, all dossiers', () => {
    const client = store.clients.find((c) => c.client_id === 'gestionnaire-restreint')
    expect(client?.matricule_utilisateur).toBe('GP003')
    expect(client?.droits).not.toContain('frais_professionnels')
    expect(client?.droits).not.toContain('cabinet')
    expect(of('GP003')).toHaveLength(4)
  })

  it('describes the same clients in SEED_CLIENTS, with distinct secrets', () => {
    expect(SEED_CLIENTS.map((c) => c.client_id)).toEqual(store.clients.map((c) => c.client_id))
    expect(new Set(SEED_CLIENTS.map((c) => c.client_secret)).size).toBe(SEED_CLIENTS.length)
    expect(SEED_CLIENTS.map((c) => c.client_id)).toEqual([
      'demo-gestionnaire',
      'gestionnaire-2',
      'gestionnaire-restreint',
      'responsable-paie',
    ])
    expect(of('GP004')).toEqual([])
    for (const u of store.utilisateurs) expect(store.clients.some((c) => c.matricule_utilisateur === u.matricule)).toBe(true)
  })
})
