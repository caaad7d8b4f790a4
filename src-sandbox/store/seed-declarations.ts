/**
 * Social declarations of the sandbox seed: the monthly DSN of every establishment for the last 12 months, the
 * event-based DSN (end of contract, work stoppage, return to work) and the billing counters drawn from them.
 */
import type { CodeAbsence } from '../../src-shared/api/codification'
import type { Declaration, DeclarationEvenementielle } from '../../src-shared/api/declarations'
import type { Absence } from '../../src-shared/api/entries'
import type { Facturation } from './wire-types'
import { addDays, addMonths, dayOf, instant, minDate, overlapsPeriode, periodeOf, splitDate, splitPeriode } from './seed-calendar'
import type { DossierData } from './seed-entries'
import { hashLabel, type Rng } from './seed-random'

/** Declarations of the data set. */
export interface Declarations {
  declarations: Declaration[]
  evenementielles: DeclarationEvenementielle[]
}

/**
 * Monthly DSN are due on the 5th of the next month for employers of 50 employees or more, on the 15th otherwise
 * (Code de la sécurité sociale R133-14). The seed sends them one to three days before, never after yesterday.
 */
function dateEnvoi(rng: Rng, p: string, effectif: number, today: string): string {
  const echeance = dayOf(addMonths(p, 1), effectif >= 50 ? 5 : 15)
  return minDate(addDays(echeance, -rng.int(1, 3)), addDays(today, -1))
}

/**
 * Monthly DSN (nature 01) per establishment for the 12 months up to today's month: `en_preparation` for the
 * current month (and the previous one for a dossier whose payroll is late), `deposee` for last month until the
 * 10th, one `rejetee` (dossier C, head office, four months ago) followed by an accepted new deposit, one
 * "annule et remplace" (type 03) for dossier B six months ago, `acceptee` otherwise.
 */
function mensuelles(rng: Rng, dossiers: readonly DossierData[], today: string): Declaration[] {
  const p0 = periodeOf(today)
  const out: Declaration[] = []
  for (const { plan, contrats } of dossiers) {
    for (const etab of plan.etablissements) {
      for (let n = 11; n >= 0; n -= 1) {
        const p = addMonths(p0, -n)
        const nombre = new Set(
          contrats.filter((c) => c.nic === etab.nic && overlapsPeriode(c.date_debut, c.date_fin, p)).map((c) => c.matricule),
        ).size
        const preparation = n === 0 || (plan.enRetard && n === 1)
        const rejet = plan.cle === 'C' && etab.siege && n === 4
        const statut = preparation ? 'en_preparation' : rejet ? 'rejetee' : n === 1 && splitDate(today).jour <= 10 ? 'deposee' : 'acceptee'
        const envoi = preparation ? null : dateEnvoi(rng, p, plan.effectif, today)
        const sent = envoi === null ? null : instant(envoi, rng.int(8, 17), rng.int(0, 59))
        const renvoi = sent !== null && plan.cle === 'A' && etab.siege && n === 8 ? instant(addDays(envoi ?? p, 1), 9, 12) : sent
        const base: Declaration = {
          id: rng.uuid(),
          siren: plan.siren,
          nic: etab.nic,
          periode: p,
          nature: '01',
          type: nombre === 0 ? '02' : '01',
          statut,
          date_envoi: sent,
          date_dernier_envoi: renvoi,
          nombre_salaries: nombre,
          recapitulatif_disponible: !preparation,
        }
        out.push(base)
        if (envoi !== null && (rejet || (plan.cle === 'B' && n === 6))) {
          const second = instant(addDays(envoi, rejet ? 2 : 9), 11, rng.int(0, 59))
          out.push({
            ...base,
            id: rng.uuid(),
            type: rejet ? base.type : '03',
            statut: 'acceptee',
            date_envoi: second,
            date_dernier_envoi: second,
          })
        }
      }
    }
  }
  return out
}

/** Event-based DSN sent `delai` days after `date`, or still in preparation when that is not before today. */
function signalement(
  rng: Rng,
  o: { siren: string; nic: string; matricule: string; nature: '02' | '04' | '05'; date: string; delai: number },
  today: string,
): DeclarationEvenementielle {
  const envoi = addDays(o.date, o.delai)
  const envoye = envoi < today
  const at = envoye ? instant(envoi, rng.int(8, 17), rng.int(0, 59)) : null
  return {
    id: rng.uuid(),
    siren: o.siren,
    nic: o.nic,
    periode: periodeOf(o.date),
    nature: o.nature,
    type: '01',
    statut: envoye ? (addDays(envoi, 3) < today ? 'acceptee' : 'deposee') : 'en_preparation',
    date_envoi: at,
    date_dernier_envoi: at,
    nombre_salaries: 1,
    recapitulatif_disponible: envoye,
    matricule: o.matricule,
    date_evenement: o.date,
  }
}

/**
 * Event-based DSN: nature 02 (fin de contrat unique) for every exit, nature 04 (arrêt de travail) for every
 * absence whose code has a DSN stoppage reason (S21.G00.60.001), and nature 05 (reprise) once such a stoppage
 * has ended. Sent within 5 days of the event (assumption, as the DSN rules ask).
 */
function evenementielles(
  rng: Rng,
  dossiers: readonly DossierData[],
  absences: readonly Absence[],
  codes: readonly CodeAbsence[],
  today: string,
): DeclarationEvenementielle[] {
  const out: DeclarationEvenementielle[] = []
  const arrets = new Set(codes.filter((c) => c.motif_arret !== null).map((c) => c.code))
  for (const { plan, salaries } of dossiers) {
    for (const s of salaries) {
      if (s.date_sortie !== null)
        out.push(
          signalement(rng, { siren: plan.siren, nic: s.nic, matricule: s.matricule, nature: '02', date: s.date_sortie, delai: 2 }, today),
        )
    }
    const nicDe = new Map(salaries.map((s) => [s.matricule, s.nic]))
    for (const a of absences.filter((x) => x.siren === plan.siren && arrets.has(x.code_absence))) {
      const nic = nicDe.get(a.matricule) ?? plan.etablissements[0]?.nic ?? '00000'
      out.push(signalement(rng, { siren: plan.siren, nic, matricule: a.matricule, nature: '04', date: a.date_debut, delai: 1 }, today))
      if (a.date_fin < addDays(today, -1))
        out.push(
          signalement(rng, { siren: plan.siren, nic, matricule: a.matricule, nature: '05', date: addDays(a.date_fin, 1), delai: 0 }, today),
        )
    }
  }
  return out
}

/** Monthly DSN and event-based DSN of the data set. */
export function genererDeclarations(
  rng: Rng,
  dossiers: readonly DossierData[],
  absences: readonly Absence[],
  codes: readonly CodeAbsence[],
  today: string,
): Declarations {
  return { declarations: mensuelles(rng, dossiers, today), evenementielles: evenementielles(rng, dossiers, absences, codes, today) }
}

const MOTIFS_DEMISSION = ['059', '043', '039']

/**
 * Billing counters per dossier for the 12 months before today's month, from the data set: employees present,
 * entries, exits, payslips (one per active contract), contracts by nature (DSN S21.G00.40.007), contract ends by
 * reason (S21.G00.62.002: 031 for a CDD, else démission / rupture conventionnelle / retraite), stoppages by
 * reason from the seeded stoppages (the ones the event-based DSN declare) plus a few older ones, partial activity in winter for the building company,
 * employee savings once a year, and the OETH complement in the April DSN of employers of 20 or more (Code du
 * travail L5212-1 and D5212-1).
 */
export function genererFacturations(
  rng: Rng,
  dossiers: readonly DossierData[],
  absences: readonly Absence[],
  codes: readonly CodeAbsence[],
  today: string,
): Facturation[] {
  const p0 = periodeOf(today)
  const motifDe = new Map(codes.flatMap((c) => (c.motif_arret === null ? [] : [[c.code, c.motif_arret] as const])))
  const out: Facturation[] = []
  for (const { plan, salaries, contrats } of dossiers) {
    for (let n = 12; n >= 1; n -= 1) {
      const p = addMonths(p0, -n)
      const { mois } = splitPeriode(p)
      const actifs = contrats.filter((c) => overlapsPeriode(c.date_debut, c.date_fin, p))
      const presents = new Set(actifs.map((c) => c.matricule)).size
      const parType: Record<string, number> = {}
      for (const c of actifs) parType[c.nature_contrat] = (parType[c.nature_contrat] ?? 0) + 1
      const fins: Record<string, number> = {}
      for (const c of actifs.filter((x) => x.date_fin !== null && periodeOf(x.date_fin) === p)) {
        const motif = c.nature_contrat === '02' ? '031' : (MOTIFS_DEMISSION[hashLabel(c.matricule) % MOTIFS_DEMISSION.length] ?? '059')
        fins[motif] = (fins[motif] ?? 0) + 1
      }
      const parMotif: Record<string, number> = { '01': rng.int(0, Math.max(1, Math.floor(plan.effectif / 40))) }
      for (const a of absences.filter((x) => x.siren === plan.siren && periodeOf(x.date_debut) === p)) {
        const motif = motifDe.get(a.code_absence)
        if (motif !== undefined) parMotif[motif] = (parMotif[motif] ?? 0) + 1
      }
      out.push({
        siren: plan.siren,
        periode: p,
        salaries_uniques: presents,
        entrees: salaries.filter((s) => periodeOf(s.date_entree) === p).length,
        sorties: salaries.filter((s) => s.date_sortie !== null && periodeOf(s.date_sortie) === p).length,
        arrets_maladie: Object.values(parMotif).reduce((a, b) => a + b, 0),
        bulletins: actifs.length,
        arrets_par_motif: parMotif,
        nombre_contrats: actifs.length,
        contrats_par_type: parType,
        fins_contrat_par_motif: fins,
        taxe_salaires: 0,
        epargne_salariale: (plan.cle === 'A' && mois === 5) || (plan.cle === 'B' && mois === 6) ? presents : 0,
        activite_partielle: plan.cle === 'C' && (mois === 12 || mois <= 2) ? rng.int(2, 6) : 0,
        complement_oeth: mois === 4 && plan.effectif >= 20,
      })
    }
  }
  return out
}
