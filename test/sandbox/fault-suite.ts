/**
 * The fixture of the sandbox's fault suites (faults.test.ts, write-faults.test.ts): one sandbox per file, its fault
 * switches reset before each test, and absences of quiet employees of one dossier's current period to write with.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { RunningSandbox } from '../../src-sandbox/server'
import type { Absence } from '../../src-shared/api/entries'
import { call, qs, quietEmployee, sirenOf, startTestSandbox, tokenFor } from './helpers'

/** A valid absence body (POST /api/absences): one day, whole days. */
export interface AbsenceBody {
  readonly siren: string
  readonly matricule: string
  readonly code_absence: string
  readonly date_debut: string
  readonly date_fin: string
  readonly demi_journee_debut: false
  readonly demi_journee_fin: false
}

/** What a fault suite's tests use; `sandbox` and `token` are set once the file's `beforeAll` has run. */
export interface FaultSuite {
  readonly sandbox: RunningSandbox
  /** The demo client's bearer token (a test that expires tokens takes a new one here). */
  token: string
  readonly siren: string
  /** An absence of the `n`-th quiet employee on day `d` of the period. */
  readonly absenceBody: (n: number, d: number) => AbsenceBody
  /** POSTs `body` to /api/absences with the token, as raw `fetch`. */
  readonly postAbsence: (body: unknown, signal?: AbortSignal) => Promise<Response>
  /** The absences the service lists for `matricule` in the dossier (asserts a 200). */
  readonly listed: (matricule: string) => Promise<Absence[]>
}

/**
 * Registers the hooks of a fault suite on dossier `cle` (sirenOf) and returns its fixture. Its employees are quiet
 * (one open contract, no absence) from the 1st of the period to day `quietUntil`.
 */
export function faultSuite(cle: 'A' | 'B' | 'C' | 'D', quietUntil: number): FaultSuite {
  const siren = sirenOf(cle)
  let sandbox: RunningSandbox | null = null
  let periode = ''
  const day = (d: number): string => `${periode}-${String(d).padStart(2, '0')}`
  const running = (): RunningSandbox => {
    if (sandbox === null) throw new Error('sandbox pas encore démarré (beforeAll)')
    return sandbox
  }
  const suite: FaultSuite = {
    get sandbox() {
      return running()
    },
    token: '',
    siren,
    absenceBody: (n, d) => {
      const store = running().store
      const { matricule } = quietEmployee(store, siren, day(1), day(quietUntil), n)
      const code = store.codesAbsences.find((c) => (store.codesAbsencesParDossier[siren] ?? []).includes(c.code))?.code ?? ''
      return {
        siren,
        matricule,
        code_absence: code,
        date_debut: day(d),
        date_fin: day(d),
        demi_journee_debut: false,
        demi_journee_fin: false,
      }
    },
    postAbsence: (body, signal) => {
      return fetch(`${running().url}/api/absences`, {
        method: 'POST',
        headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(signal === undefined ? {} : { signal }),
      })
    },
    listed: async (matricule) => {
      const res = await call<{ elements: Absence[] }>(running().url, `/api/absences${qs({ siren, matricule })}`, { token: suite.token })
      expect(res.status).toBe(200)
      return res.body.elements
    },
  }
  beforeAll(async () => {
    sandbox = await startTestSandbox()
    suite.token = await tokenFor(sandbox.url)
    periode = sandbox.store.dossiers.find((d) => d.siren === siren)?.periode_paie_en_cours ?? ''
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  beforeEach(() => {
    sandbox?.faults.reset()
  })
  return suite
}
