/**
 * The chaos suite's entries and schedule, drawn from one seeded PRNG: `count` entries over every dossier of the
 * sandbox data (EVP, absences, professional expenses), each with its own fingerprint (so a double on the server
 * shows as two records matching one entry), and the moments (as fractions of the entries settled) at which the
 * renderer reloads, the sandbox process is killed, tokens expire, 429 bursts start, the second writer enters records
 * and late commits outlast the settle time.
 */
import { mulberry32 } from '../../src-shared/random'
import type { SandboxStore } from '../../src-sandbox/store/types'
import type { EntryInput } from './page-data'
import { simpleEmployees } from './support'

/** The suite's seeded PRNG (the sandbox's mulberry32), numbers in [0, 1). */
export const seededRandom = mulberry32

/** Days `01`…`28` of a period, as `YYYY-MM-DD`. */
function day(periode: string, n: number): string {
  return `${periode}-${String(1 + (n % 28)).padStart(2, '0')}`
}

/**
 * Entries for the chaos run: about 10% absences (one full day per employee), 15% expenses, the rest EVP on the
 * dossiers' visible `quantite` codes; shuffled so that every batch mixes dossiers and kinds.
 * @throws Error when the data set has too few employees or codes for `count` distinct entries
 */
export function chaosEntries(store: SandboxStore, count: number, random: () => number): EntryInput[] {
  const absences: EntryInput[] = []
  const frais: EntryInput[] = []
  const evp: EntryInput[] = []
  let serial = 0
  const pools = store.dossiers.map((d) => {
    const periode = d.periode_paie_en_cours
    const employees = simpleEmployees(store, d.siren, periode)
    const codes = (store.codesEvp[d.siren] ?? []).filter((c) => !c.masque && c.format === 'quantite').map((c) => c.code)
    const offered = store.codesAbsencesParDossier[d.siren] ?? []
    const absenceCode = store.codesAbsences.find((c) => offered.includes(c.code))?.code
    return { siren: d.siren, periode, employees, codes, absenceCode }
  })
  for (const pool of pools) {
    pool.employees.forEach((matricule, i) => {
      if (pool.absenceCode !== undefined && absences.length < count * 0.1) {
        const date = day(pool.periode, 1 + i)
        absences.push({
          kind: 'absence',
          payload: {
            siren: pool.siren,
            matricule,
            code_absence: pool.absenceCode,
            date_debut: date,
            date_fin: date,
            demi_journee_debut: false,
            demi_journee_fin: false,
          },
        })
      }
      if (frais.length < count * 0.15) {
        serial += 1
        frais.push({
          kind: 'frais',
          payload: {
            siren: pool.siren,
            matricule,
            periode: pool.periode,
            date: day(pool.periode, 3 + i),
            type_frais: 'repas',
            montant: `${10 + (serial % 40)}.${String(serial % 100).padStart(2, '0')}`,
          },
        })
      }
    })
  }
  const slots = pools.flatMap((p) =>
    p.employees.flatMap((matricule) => p.codes.map((code) => ({ siren: p.siren, periode: p.periode, matricule, code }))),
  )
  if (slots.length === 0) throw new Error('Aucun salarié ni code EVP dans les données du bac à sable')
  for (let i = 0; evp.length < count - absences.length - frais.length; i++) {
    const slot = slots[i % slots.length]!
    serial += 1
    // Distinct quantities (1.001…, 2.000…) keep every EVP's fingerprint unique even when a slot (its natural key)
    // comes back: the entries of one slot are one element entered with several values, as a clerk's corrections.
    evp.push({
      kind: 'evp',
      payload: {
        siren: slot.siren,
        matricule: slot.matricule,
        periode: slot.periode,
        code_evp: slot.code,
        quantite: `${1 + Math.floor(serial / 1000)}.${String(serial % 1000).padStart(3, '0')}`,
      },
    })
  }
  const all = [...evp, ...absences, ...frais]
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[all[i], all[j]] = [all[j]!, all[i]!]
  }
  return all
}

/** A chaos event at a fraction of the entries settled. */
export interface ChaosEvent {
  readonly at: number
  readonly what: 'reload' | 'restart-sandbox' | 'expire-tokens' | 'burst429' | 'second-writer' | 'long-late-commits'
}

/**
 * The schedule: `reloads` reloads, one sandbox restart, one token expiry, three 429 bursts, `secondWriterRounds`
 * rounds of the second writer (spread over the first 60 %: its identical copies must land while the entries they
 * copy are still queued), and one spell of long late commits (past the settle time), at random fractions.
 */
export function chaosSchedule(random: () => number, reloads: number, secondWriterRounds: number): ChaosEvent[] {
  const between = (lo: number, hi: number): number => lo + random() * (hi - lo)
  const events: ChaosEvent[] = []
  for (let i = 0; i < reloads; i++)
    events.push({ at: between(0.02 + (0.8 * i) / reloads, 0.02 + (0.8 * (i + 1)) / reloads), what: 'reload' })
  events.push({ at: between(0.3, 0.6), what: 'restart-sandbox' })
  events.push({ at: between(0.1, 0.7), what: 'expire-tokens' })
  for (let i = 0; i < 3; i++) events.push({ at: between(0.05, 0.85), what: 'burst429' })
  for (let i = 0; i < secondWriterRounds; i++)
    events.push({ at: between(0.01 + (0.6 * i) / secondWriterRounds, 0.01 + (0.6 * (i + 1)) / secondWriterRounds), what: 'second-writer' })
  // Before the sandbox restart (0.3–0.6): a kill during the spell would cut the held writes and delay every
  // reconciliation past the late commits.
  events.push({ at: between(0.1, 0.25), what: 'long-late-commits' })
  return events.sort((a, b) => a.at - b.at)
}
