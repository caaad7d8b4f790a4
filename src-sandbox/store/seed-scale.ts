/**
 * A cabinet-sized data set for the bench (issue 19, point 3): the seed's four dossiers, then copies of them under new
 * SIRENs until the cabinet holds `dossiers` dossiers and about `salaries` employees, the first copy with `largest`
 * employees (the grid of a big dossier). A copy keeps its template's establishments (new NIC and SIRET), code lists,
 * employees and contracts (new matricules `S00001`…), and is assigned to every cabinet user the template's first
 * dossier is open to; it holds no entries or declarations (the bench measures the reference cache and the screens
 * over it, not the service's lists). With `payslips`, the first copy (the big dossier) also holds a copy of each
 * payslip of its model employees (the bench's payslip list of a 1 000-employee dossier); otherwise no copy holds any
 * (a month still to compute, as the month-close e2e needs).
 *
 * Assumption: not shown in reference (a bench fixture). Deterministic: the same store and sizes give the same copies.
 */
import type { BulletinDetail } from '../../src-shared/api/bulletins'
import type { Dossier } from '../../src-shared/api/dossiers'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { SandboxStore } from './types'

/** Sizes of the cabinet to build. */
export interface CabinetScale {
  /** Dossiers in all, the seed's four included (>= 4). */
  readonly dossiers: number
  /** Employees in all, about (the seed's included; the copies share out what is left after the largest). */
  readonly salaries: number
  /** Employees of the first copy (the big dossier of the bench's grid). */
  readonly largest: number
  /** Whether the first copy holds copies of its model employees' payslips (default false: no payslip copied). */
  readonly payslips?: boolean
}

/** The digit that makes `digits + d` pass the Luhn check (SIREN, SIRET). */
export function luhnKey(digits: string): string {
  for (let d = 0; d <= 9; d += 1) {
    const candidate = `${digits}${String(d)}`
    let sum = 0
    for (let i = 0; i < candidate.length; i += 1) {
      const digit = candidate.charCodeAt(candidate.length - 1 - i) - 48
      const weighted = i % 2 === 1 ? digit * 2 : digit
      sum += weighted > 9 ? weighted - 9 : weighted
    }
    if (sum % 10 === 0) return String(d)
  }
  throw new Error(`Pas de clé de Luhn pour ${digits}`)
}

/** SIREN of the copy number `n` (1-based): `9` then 7 digits of `n`, then its Luhn key. */
export function copySiren(n: number): string {
  const base = `9${String(n).padStart(7, '0')}`
  return `${base}${luhnKey(base)}`
}

/**
 * Adds the copies to `store` (mutated and returned).
 * @throws Error when `dossiers` < 4 or `largest` < 1.
 */
export function scaleToCabinet(store: SandboxStore, scale: CabinetScale): SandboxStore {
  const templates = store.dossiers.slice(0, 4)
  if (scale.dossiers < templates.length) throw new Error(`Au moins ${String(templates.length)} dossiers`)
  if (scale.largest < 1) throw new Error('Le plus grand dossier compte au moins un salarié')
  const copies = scale.dossiers - templates.length
  const left = Math.max(0, scale.salaries - store.salaries.length - scale.largest)
  const perCopy = copies > 1 ? Math.max(1, Math.floor(left / (copies - 1))) : 0
  const copiedPayslips: BulletinDetail[] = []
  for (let n = 1; n <= copies; n += 1) {
    const template = templates[(n - 1) % templates.length]
    if (template === undefined) continue
    const siren = copySiren(n)
    const headcount = n === 1 ? scale.largest : perCopy
    store.dossiers.push(copyDossier(template, siren, n))
    const nics = new Map(template.etablissements.map((e) => [e.nic, nicFor(siren, e.nic)]))
    const people = store.salaries.filter((s) => s.siren === template.siren)
    const contracts = store.contrats.filter((c) => c.siren === template.siren)
    const payslips = n === 1 && scale.payslips === true ? store.bulletins.filter((b) => b.siren === template.siren) : []
    for (let i = 0; i < headcount && people.length > 0; i += 1) {
      const model = people[i % people.length]
      if (model === undefined) continue
      const matricule = `S${String(i + 1).padStart(5, '0')}`
      store.salaries.push(copySalarie(model, siren, matricule, nics.get(model.nic) ?? model.nic))
      for (const c of contracts.filter((k) => k.matricule === model.matricule))
        store.contrats.push({ ...c, siren, matricule, nic: nics.get(c.nic) ?? c.nic })
      if (n === 1)
        for (const b of payslips.filter((p) => p.matricule === model.matricule))
          copiedPayslips.push({ ...b, id: copyId(copiedPayslips.length + 1), siren, matricule, nic: nics.get(b.nic) ?? b.nic })
    }
    store.codesAbsencesParDossier[siren] = [...(store.codesAbsencesParDossier[template.siren] ?? [])]
    store.codesEvp[siren] = (store.codesEvp[template.siren] ?? []).map((c) => ({ ...c }))
    store.codesPrimesIndemnites[siren] = (store.codesPrimesIndemnites[template.siren] ?? []).map((c) => ({ ...c }))
    const open = store.affectations.filter((a) => a.siren === template.siren && a.date_fin === null)
    for (const a of open) store.affectations.push({ ...a, siren })
  }
  store.bulletins.push(...copiedPayslips)
  return store
}

/** Id of the copied payslip number `n` (1-based): a version-4 UUID whose last 12 hex digits are `n`. */
function copyId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
}

/** NIC of an establishment of `siren`: the template's first four digits, then the key that makes the SIRET valid. */
function nicFor(siren: string, nic: string): string {
  const head = nic.slice(0, 4)
  return `${head}${luhnKey(`${siren}${head}`)}`
}

function copyDossier(template: Dossier, siren: string, n: number): Dossier {
  return {
    ...template,
    siren,
    raison_sociale: `${template.raison_sociale} — copie ${String(n)}`,
    etablissements: template.etablissements.map((e) => {
      const nic = nicFor(siren, e.nic)
      return { ...e, nic, siret: `${siren}${nic}` }
    }),
  }
}

function copySalarie(model: SalarieDetail, siren: string, matricule: string, nic: string): SalarieDetail {
  return { ...model, siren, matricule, nic, email: null }
}
