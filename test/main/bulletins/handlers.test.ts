/**
 * The `bulletins:*` channels against the sandbox over HTTP (issue 15): main's REAL dispatcher and handlers over a
 * payroll connection whose fetch the test can cut (the service commits, the answer is lost). Checks the list, one
 * payslip with its refusal note, the workflow's transitions and refusals, and the exactly-once rule of #50: a lost
 * answer is settled by reading the payslip, and an action sent again after a lost answer is read first, never
 * applied twice.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { createIpcDispatcher, type IpcHandlers } from '../../../src-main/ipc/dispatcher'
import { createBulletinHandlers } from '../../../src-main/ipc/handlers/bulletins'
import { createPayrollConnection, type PayrollConnection } from '../../../src-main/services/connection'
import type { RunningSandbox } from '../../../src-sandbox/server'
import type { StatutBulletin } from '../../../src-shared/api/bulletins'
import type { BulletinActInput, BulletinActOutcome } from '../../../src-shared/domain/bulletins'
import type { ChannelName } from '../../../src-shared/ipc/channels'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { BIG_SIREN, PERIODE, connect, startTestSandbox } from '../sync/helpers'

const APP_SENDER = { url: 'app://paie/index.html#/', isMainFrame: true }

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

/** What the cut fetch does with a request: send it, send it then lose the answer, or lose it before sending. */
type Fate = 'forward' | 'commit-then-cut' | 'cut-before'

/** A connection whose POSTs to `/api/bulletins/...` meet `fate`, counting the POSTs that reached the service. */
function cutConnection(s: RunningSandbox): { connection: PayrollConnection; posts: string[]; fate: { next: Fate } } {
  const posts: string[] = []
  const fate: { next: Fate } = { next: 'forward' }
  const reset = (): Error => new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) })
  const fetchCut: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const isAction = (init?.method ?? 'GET') === 'POST' && url.pathname.startsWith('/api/bulletins/')
    if (!isAction || fate.next === 'forward') {
      if (isAction) posts.push(url.pathname)
      return fetch(input, init)
    }
    const current = fate.next
    fate.next = 'forward'
    if (current === 'cut-before') throw reset()
    posts.push(url.pathname)
    await fetch(input, init)
    throw reset()
  }
  return { connection: connect(s, undefined, { fetch: fetchCut }).connection, posts, fate }
}

function dispatcherOf(connection: PayrollConnection | null) {
  const handlers = createBulletinHandlers({ connection: () => connection })
  const dispatch = createIpcDispatcher(handlers as unknown as IpcHandlers, { trustedOrigins: ['app://paie'] })
  return <T>(channel: ChannelName, input: unknown): Promise<IpcResult<T>> => dispatch(channel, input, APP_SENDER) as Promise<IpcResult<T>>
}

async function act(call: ReturnType<typeof dispatcherOf>, input: BulletinActInput): Promise<BulletinActOutcome> {
  const result = await call<BulletinActOutcome>('bulletins:act', input)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

/** A payslip of the big dossier's current period in `statut` (and with the employee's safe as asked). */
function payslipIn(s: RunningSandbox, statut: StatutBulletin, coffre?: boolean): { id: string; matricule: string } {
  const found = s.store.bulletins.find((b) => {
    if (b.siren !== BIG_SIREN || b.periode !== PERIODE || b.statut !== statut) return false
    if (coffre === undefined) return true
    return s.store.salaries.find((x) => x.siren === b.siren && x.matricule === b.matricule)?.coffre_active === coffre
  })
  if (found === undefined) throw new Error(`aucun bulletin ${statut} dans le jeu de données`)
  return found
}

describe('bulletins:list and bulletins:read (sandbox over HTTP)', () => {
  it('lists every payslip of the dossier and period, one per contract, and reads one with its rubriques', async () => {
    sandbox = await startTestSandbox()
    const call = dispatcherOf(connect(sandbox).connection)
    const listed = await call<{ bulletins: { id: string; matricule: string; numero_contrat: string }[]; fetchedAt: string }>(
      'bulletins:list',
      {
        siren: BIG_SIREN,
        periode: PERIODE,
      },
    )
    if (!listed.ok) throw new Error(listed.error.message)
    const expected = sandbox.store.bulletins.filter((b) => b.siren === BIG_SIREN && b.periode === PERIODE)
    expect(listed.value.bulletins.map((b) => b.id).sort()).toEqual(expected.map((b) => b.id).sort())
    expect(expected.length).toBeGreaterThan(250)
    const keys = new Set(listed.value.bulletins.map((b) => `${b.matricule}|${b.numero_contrat}`))
    expect(keys.size).toBe(listed.value.bulletins.length)

    const { id } = payslipIn(sandbox, 'calcule')
    const read = await call<{ bulletin: { id: string; rubriques: { lignes: unknown[] } }; notes: unknown[] | null }>('bulletins:read', {
      id,
      siren: BIG_SIREN,
    })
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.bulletin.id).toBe(id)
    expect(read.value.bulletin.rubriques.lignes.length).toBeGreaterThan(0)
    expect(read.value.notes).not.toBeNull()
  })

  it('without a connection: CONNEXION_ABSENTE', async () => {
    const call = dispatcherOf(null)
    expect(await call('bulletins:list', { siren: BIG_SIREN, periode: PERIODE })).toMatchObject({
      ok: false,
      error: { code: 'CONNEXION_ABSENTE' },
    })
  })
})

describe('bulletins:act (sandbox over HTTP)', () => {
  it('walks a payslip through the workflow; a refusal keeps its motif as a note; a step not allowed is refused', async () => {
    sandbox = await startTestSandbox()
    const call = dispatcherOf(connect(sandbox).connection)
    const { id } = payslipIn(sandbox, 'calcule')

    expect(await act(call, { id, action: 'controler' })).toMatchObject({ result: 'applied', bulletin: { statut: 'controle' } })
    expect(await act(call, { id, action: 'controler' })).toMatchObject({
      result: 'refused',
      bulletin: null,
      error: { code: 'TRANSITION_IMPOSSIBLE' },
    })
    expect(await act(call, { id, action: 'envoyer-employeur' })).toMatchObject({
      result: 'applied',
      bulletin: { statut: 'envoye_employeur' },
    })
    expect(await act(call, { id, action: 'refus', motif: 'Prime de novembre oubliée' })).toMatchObject({
      result: 'applied',
      bulletin: { statut: 'refuse' },
    })
    const read = await call<{ notes: { type: string; texte: string; bulletin_id: string | null }[] | null }>('bulletins:read', {
      id,
      siren: BIG_SIREN,
    })
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.notes).toContainEqual(
      expect.objectContaining({ type: 'refus_bulletin', texte: 'Prime de novembre oubliée', bulletin_id: id }),
    )
    expect(await act(call, { id, action: 'calculer' })).toMatchObject({ result: 'applied', bulletin: { statut: 'calcule' } })
  })

  it('the safe sending of an employee whose safe is not active is refused by the service', async () => {
    sandbox = await startTestSandbox()
    const call = dispatcherOf(connect(sandbox).connection)
    const { id } = payslipIn(sandbox, 'valide', false)
    expect(await act(call, { id, action: 'envoi-coffre' })).toMatchObject({ result: 'refused', error: { code: 'CONFLIT' } })
  })

  it('the answer lost after the service committed: the payslip is read at once and the action is applied, once', async () => {
    sandbox = await startTestSandbox()
    const { connection, posts, fate } = cutConnection(sandbox)
    const call = dispatcherOf(connection)
    const { id } = payslipIn(sandbox, 'envoye_employeur')

    fate.next = 'commit-then-cut'
    expect(await act(call, { id, action: 'valider' })).toMatchObject({ result: 'applied', bulletin: { statut: 'valide' } })
    // Sent again by a clerk who saw no answer: read first, already applied, nothing sent.
    expect(await act(call, { id, action: 'valider', afterLostAnswer: true })).toMatchObject({
      result: 'already_applied',
      bulletin: { statut: 'valide' },
    })
    expect(posts.filter((p) => p.endsWith('/valider'))).toHaveLength(1)
    expect(sandbox.store.bulletins.find((b) => b.id === id)?.statut).toBe('valide')
  })

  it('the answer lost before the service committed: unknown until settled; sent again after a read, applied once', async () => {
    sandbox = await startTestSandbox()
    const { connection, posts, fate } = cutConnection(sandbox)
    const call = dispatcherOf(connection)
    const { id } = payslipIn(sandbox, 'controle')

    fate.next = 'cut-before'
    const lost = await act(call, { id, action: 'envoyer-employeur' })
    expect(lost).toMatchObject({ result: 'unknown', bulletin: { statut: 'controle' }, error: { code: 'CONNEXION_INTERROMPUE' } })
    expect(Date.parse(lost.settleUntil ?? '')).toBeGreaterThan(Date.now())
    expect(await act(call, { id, action: 'envoyer-employeur', afterLostAnswer: true })).toMatchObject({
      result: 'applied',
      bulletin: { statut: 'envoye_employeur' },
    })
    expect(posts.filter((p) => p.endsWith('/envoyer-employeur'))).toHaveLength(1)
  })

  it('a refusal sent again after a lost answer, already applied by the first: read, not sent, one note only', async () => {
    sandbox = await startTestSandbox()
    const { connection, posts, fate } = cutConnection(sandbox)
    const call = dispatcherOf(connection)
    const { id } = payslipIn(sandbox, 'envoye_employeur')
    const notesBefore = sandbox.store.notes.filter((n) => n.bulletin_id === id).length

    fate.next = 'commit-then-cut'
    await act(call, { id, action: 'refus', motif: 'Heures supplémentaires manquantes' })
    expect(await act(call, { id, action: 'refus', motif: 'Heures supplémentaires manquantes', afterLostAnswer: true })).toMatchObject({
      result: 'already_applied',
    })
    expect(posts.filter((p) => p.endsWith('/refus'))).toHaveLength(1)
    expect(sandbox.store.notes.filter((n) => n.bulletin_id === id)).toHaveLength(notesBefore + 1)
  })

  it('a service that cannot be reached: not sent, nothing applied', async () => {
    sandbox = await startTestSandbox()
    const { id } = payslipIn(sandbox, 'calcule')
    const url = sandbox.url
    await sandbox.close()
    sandbox = null
    const refused: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))
    const connection = createPayrollConnection({ baseUrl: url, clientId: 'x', clientSecret: 'y', fetch: refused })
    const outcome = await act(dispatcherOf(connection), { id, action: 'controler' })
    expect(outcome).toMatchObject({ result: 'not_sent', bulletin: null })
  })
})
