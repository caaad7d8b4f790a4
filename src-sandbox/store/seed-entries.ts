/**
 * Existing entries of the sandbox seed (a few dozen): absences, EVP, bonuses, benefits in kind, professional
 * expenses, advances, and notes (employee comments and payslip refusals). Every record refers to an employee
 * present in the period, to a contract of that employee and to a code the dossier offers.
 */
import type { BulletinDetail } from '../../src-shared/api/bulletins'
import type { Absence, Acompte, AvantageNature, Evp, FraisProfessionnel, PrimeIndemnite } from '../../src-shared/api/entries'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { ContratStocke } from './types'
import type { Note } from './wire-types'
import { addDays, addMonths, dayOf, daysBetween, firstDay, instant, lastDay, maxDate, minDate, overlapsPeriode } from './seed-calendar'
import { divRound, euros } from './seed-money'
import type { CleDossier, DossierPlan } from './seed-dossiers'
import type { Rng } from './seed-random'

/** Entries of the whole data set. */
export interface Entries {
  absences: Absence[]
  evp: Evp[]
  primesIndemnites: PrimeIndemnite[]
  avantagesNature: AvantageNature[]
  fraisProfessionnels: FraisProfessionnel[]
  acomptes: Acompte[]
  notes: Note[]
}

/** What the entries of one dossier are built from. `courante` is the dossier's periode_paie_en_cours. */
export interface DossierData {
  plan: DossierPlan
  salaries: SalarieDetail[]
  contrats: ContratStocke[]
  courante: string
}

/** Absence to create, before ids and timestamps. */
type AbsenceSpec = [
  code: string,
  periode: 'precedente' | 'courante',
  debut: number,
  fin: number | { jours: number },
  options?: { demiDebut?: boolean; demiFin?: boolean; second?: boolean; femme?: boolean; commentaire?: string },
]

/** Absences per dossier: [employee rank among those present, spec]. Codes are checked against the dossier's list. */
const ABSENCES: Record<CleDossier, [number, AbsenceSpec][]> = {
  A: [
    [0, ['CP', 'courante', 10, 14, { commentaire: 'Congés posés en début d’année' }]],
    [3, ['MAL', 'precedente', 6, 10]],
    [8, ['AT', 'courante', 2, 5, { commentaire: 'Chute en cuisine, déclaration faite' }]],
    [5, ['RTT', 'courante', 20, 20, { demiDebut: true }]],
    [12, ['ABSNR', 'courante', 7, 7, { demiFin: true }]],
    [0, ['CP', 'courante', 3, 4, { second: true }]],
    [0, ['MAT', 'precedente', 15, { jours: 112 }, { femme: true }]],
    [20, ['CP', 'precedente', 18, 22]],
  ],
  B: [
    [1, ['CP', 'courante', 17, 21]],
    [2, ['ENFMAL', 'courante', 9, 9, { demiDebut: true }]],
    [3, ['MAL', 'courante', 3, 6]],
  ],
  C: [
    [1, ['CP', 'courante', 24, 28]],
    [2, ['AP', 'courante', 8, 9, { commentaire: 'Intempéries, chantier arrêté' }]],
    [5, ['AT', 'precedente', 12, 19]],
  ],
  D: [
    [1, ['CP', 'courante', 4, 8]],
    [2, ['CSS', 'courante', 21, 22]],
  ],
}

type EvpSpec = [rang: number, code: string, valeur: { quantite?: string; taux?: string; montant?: string; texte?: string }]

/** EVP per dossier (rank among employees paid by the hour, code, value in the code's format). */
const EVPS: Record<CleDossier, EvpSpec[]> = {
  A: [
    [1, 'HS25', { quantite: '4.00' }],
    [2, 'HS25', { quantite: '6.50' }],
    [2, 'HS50', { quantite: '2.00' }],
    [4, 'HNUIT', { quantite: '14.00' }],
    [6, 'PANIER', { montant: '73.00' }],
    [7, 'TRANSP', { montant: '43.05' }],
    [9, 'TXT', { texte: 'Change d’établissement au 15 du mois' }],
  ],
  B: [
    [0, 'ASTR', { quantite: '2.00', taux: '25.00' }],
    [1, 'COMM', { montant: '1250.00' }],
    [2, 'HS25', { quantite: '3.00' }],
  ],
  C: [
    [1, 'PANIER', { montant: '211.20' }],
    [2, 'HS25', { quantite: '8.00' }],
    [3, 'TRANSP', { montant: '64.00' }],
    [4, 'ASTR', { quantite: '1.00', taux: '50.00' }],
  ],
  D: [
    [1, 'COMM', { montant: '180.00' }],
    [2, 'HS25', { quantite: '3.00' }],
    [3, 'TXT', { texte: 'Inventaire le dernier dimanche du mois' }],
  ],
}

const PRIMES: Record<CleDossier, [number, string, string, boolean, string | null][]> = {
  A: [
    [10, 'PEXC', '150.00', false, 'Prime exceptionnelle saison'],
    [11, 'PPV', '500.00', false, null],
  ],
  B: [[3, 'PVAC', '420.00', false, null]],
  C: [[4, 'PSAL', '45.00', false, null]],
  D: [[3, 'PEXC', '100.00', true, 'Prime de fin d’inventaire']],
}

const AVANTAGES: Record<CleDossier, [number, AvantageNature['type_avantage'], string][]> = {
  A: [
    [1, 'nourriture', '92.84'],
    [13, 'logement', '77.40'],
  ],
  B: [
    [0, 'vehicule', '265.00'],
    [2, 'outils_ntic', '30.00'],
  ],
  C: [[1, 'vehicule', '180.00']],
  D: [],
}

const FRAIS: Record<CleDossier, [number, FraisProfessionnel['type_frais'], string, number | null][]> = {
  A: [
    [5, 'repas_restaurant', '21.10', null],
    [15, 'transport_public', '43.05', null],
  ],
  B: [
    [1, 'indemnites_kilometriques', '', 312],
    [2, 'teletravail', '27.00', null],
    [3, 'transport_public', '44.95', null],
  ],
  C: [
    [2, 'grand_deplacement', '215.40', null],
    [3, 'petit_deplacement', '62.00', null],
  ],
  D: [[1, 'repas', '7.40', null]],
}

const ACOMPTES: Record<CleDossier, [number, string, boolean][]> = {
  A: [
    [14, '300.00', false],
    [16, '250.00', true],
  ],
  B: [],
  C: [[6, '400.00', false]],
  D: [[4, '150.00', false]],
}

const COMMENTAIRES = [
  'Salarié(e) à relancer pour son justificatif d’arrêt.',
  'Demande de changement de RIB reçue par courrier.',
  'Passage à temps partiel envisagé à la rentrée.',
  'Mutuelle : dispense de la complémentaire santé demandée.',
  'Titre de séjour à renouveler, copie demandée.',
]

const MOTIFS_REFUS = [
  'Heures supplémentaires de la deuxième semaine non prises en compte.',
  'La prime exceptionnelle validée par la direction n’apparaît pas.',
  'Absence du 12 comptée deux fois.',
  'Le taux horaire ne correspond pas à l’avenant signé.',
]

function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length]
}

/** Employees still employed, who joined before `p` and are paid in it, by matricule: those the clerk enters data for. */
function presents(d: DossierData, p: string): SalarieDetail[] {
  return d.salaries.filter(
    (s) => s.date_sortie === null && s.date_entree < firstDay(p) && s.contrats.some((c) => overlapsPeriode(c.date_debut, c.date_fin, p)),
  )
}

function contratsDe(d: DossierData, matricule: string, p: string): ContratStocke[] {
  return d.contrats.filter((c) => c.matricule === matricule && overlapsPeriode(c.date_debut, c.date_fin, p))
}

/**
 * Entries of every dossier. `codesAbsences` are the absence codes per SIREN; `bulletins` give the refused
 * payslips that receive a refusal note. Timestamps are within the period and never after `today`.
 */
export function genererEntrees(
  rng: Rng,
  dossiers: readonly DossierData[],
  codesAbsences: Record<string, string[]>,
  bulletins: readonly BulletinDetail[],
  today: string,
): Entries {
  const out: Entries = {
    absences: [],
    evp: [],
    primesIndemnites: [],
    avantagesNature: [],
    fraisProfessionnels: [],
    acomptes: [],
    notes: [],
  }
  const moment = (p: string): string => {
    const from = firstDay(p)
    const to = minDate(lastDay(p), addDays(today, -1))
    const span = Math.max(0, daysBetween(from, to))
    return instant(addDays(from, rng.int(0, span)), rng.int(7, 18), rng.int(0, 59))
  }
  // Seed records were entered elsewhere (the vendor's screens): no API client created them.
  const server = (p: string): { id: string; date_creation: string; date_modification: string; cree_par: null } => {
    const at = moment(p)
    return { id: rng.uuid(), date_creation: at, date_modification: at, cree_par: null }
  }
  for (const d of dossiers) {
    const { plan, courante } = d
    const precedente = addMonths(courante, -1)
    const codes = codesAbsences[plan.siren] ?? []
    const absents = new Set<string>()
    for (const [rang, [code, quand, debut, fin, o = {}]] of ABSENCES[plan.cle]) {
      const p = quand === 'courante' ? courante : precedente
      const dateDebut = dayOf(p, debut)
      const dateFin = typeof fin === 'number' ? dayOf(p, fin) : addDays(dateDebut, fin.jours - 1)
      const couvre = (s: SalarieDetail): boolean =>
        s.contrats.some((c) => c.date_debut <= dateDebut && (c.date_fin === null || c.date_fin >= dateFin))
      const candidats = presents(d, p).filter(
        (s) =>
          couvre(s) &&
          (o.second !== true || contratsDe(d, s.matricule, p).length > 1) &&
          (o.femme !== true || s.nir.startsWith('2')) &&
          !absents.has(s.matricule),
      )
      const salarie = pick(candidats, rang)
      if (salarie === undefined || !codes.includes(code)) continue
      absents.add(salarie.matricule)
      const contrats = contratsDe(d, salarie.matricule, p)
      out.absences.push({
        ...server(p),
        siren: plan.siren,
        matricule: salarie.matricule,
        numero_contrat: o.second === true ? (contrats[1]?.numero_contrat ?? null) : null,
        code_absence: code,
        date_debut: dateDebut,
        date_fin: dateFin,
        demi_journee_debut: o.demiDebut ?? false,
        demi_journee_fin: o.demiFin ?? false,
        commentaire: o.commentaire ?? null,
      })
    }
    const horaires = presents(d, courante).filter((s) =>
      contratsDe(d, s.matricule, courante).some((c) => c.duree_travail.unite_mesure === '10'),
    )
    for (const [rang, code, v] of EVPS[plan.cle]) {
      const salarie = pick(horaires, rang)
      const contrat =
        salarie === undefined ? undefined : contratsDe(d, salarie.matricule, courante).find((c) => c.duree_travail.unite_mesure === '10')
      if (salarie === undefined || contrat === undefined) continue
      out.evp.push({
        ...server(courante),
        siren: plan.siren,
        matricule: salarie.matricule,
        numero_contrat: contrat.numero_contrat,
        periode: courante,
        code_evp: code,
        quantite: v.quantite ?? null,
        taux: v.taux ?? null,
        montant: v.montant ?? null,
        valeur_texte: v.texte ?? null,
        commentaire: null,
      })
    }
    const tous = presents(d, courante)
    const premierContrat = (s: SalarieDetail): string | undefined => contratsDe(d, s.matricule, courante)[0]?.numero_contrat
    for (const [rang, code, montant, nette, libelle] of PRIMES[plan.cle]) {
      const salarie = pick(tous, rang)
      const numero = salarie === undefined ? undefined : premierContrat(salarie)
      if (salarie === undefined || numero === undefined) continue
      out.primesIndemnites.push({
        ...server(courante),
        siren: plan.siren,
        matricule: salarie.matricule,
        numero_contrat: numero,
        periode: courante,
        code_prime: code,
        montant,
        prime_nette: nette,
        libelle_bulletin: libelle,
      })
    }
    for (const [rang, type, montant] of AVANTAGES[plan.cle]) {
      const salarie = pick(tous, rang)
      if (salarie === undefined) continue
      out.avantagesNature.push({
        ...server(courante),
        siren: plan.siren,
        matricule: salarie.matricule,
        periode: courante,
        type_avantage: type,
        mode_evaluation: 'forfait',
        montant,
        commentaire: null,
      })
    }
    for (const [rang, type, montant, km] of FRAIS[plan.cle]) {
      const salarie = pick(tous, rang)
      if (salarie === undefined) continue
      const record = server(courante)
      // Barème kilométrique URSSAF 2025, 5 CV, up to 5 000 km a year: d × 0.636 €.
      const valeur = km === null ? montant : euros(divRound(km * 636, 10))
      out.fraisProfessionnels.push({
        ...record,
        siren: plan.siren,
        matricule: salarie.matricule,
        periode: courante,
        date: record.date_creation.slice(0, 10),
        type_frais: type,
        montant: valeur,
        kilometres: km === null ? null : String(km),
        commentaire: km === null ? null : 'Déplacements clients du mois',
      })
    }
    for (const [rang, montant, nonSignificatif] of ACOMPTES[plan.cle]) {
      const salarie = pick(tous, rang)
      if (salarie === undefined) continue
      const date = maxDate(firstDay(courante), minDate(dayOf(courante, 15), addDays(today, -1)))
      out.acomptes.push({
        id: rng.uuid(),
        siren: plan.siren,
        matricule: salarie.matricule,
        periode: courante,
        date,
        montant,
        libelle: 'Acompte sur salaire',
        jour_non_significatif: nonSignificatif,
        date_creation: instant(date, 9, rng.int(0, 59)),
      })
    }
    for (let n = 0; n < 3; n += 1) {
      const salarie = pick(tous, n * 5 + 2)
      const texte = pick(COMMENTAIRES, n + plan.cle.charCodeAt(0))
      if (salarie === undefined || texte === undefined) continue
      out.notes.push({
        id: rng.uuid(),
        siren: plan.siren,
        matricule: salarie.matricule,
        bulletin_id: null,
        type: 'commentaire_salarie',
        texte,
        auteur: n === 1 ? 'GP003' : 'GP001',
        date_creation: moment(precedente),
      })
    }
  }
  bulletins
    .filter((b) => b.statut === 'refuse')
    .forEach((b, index) => {
      const envoi = b.dates_envoi.employeur ?? instant(`${b.periode}-01`, 9, 0)
      out.notes.push({
        id: rng.uuid(),
        siren: b.siren,
        matricule: b.matricule,
        bulletin_id: b.id,
        type: 'refus_bulletin',
        texte: pick(MOTIFS_REFUS, index) ?? MOTIFS_REFUS[0] ?? '',
        auteur: b.dernier_calcul_par ?? 'GP001',
        date_creation: `${envoi.slice(0, 10)}T16:${String(rng.int(10, 59))}:00.000Z`,
      })
    })
  return out
}
