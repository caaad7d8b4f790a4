/**
 * The cabinet's writes as people writes (issue 18 point 1; docs/api-assumptions.md #80–#82) through `people:push`
 * against the sandbox over HTTP: main's REAL dispatcher and handler over a connection whose writes the test can cut.
 * A user created at the cabinet's scope, assigned, an assignment ended, each in its own request; refusals with the
 * service's French reason; the exactly-once rule (#81): an answer lost after the commit is read, never sent twice; a
 * cut before the commit is read absent, then sent once after the settle time; a repeat is harmless; a record of that
 * matricule or start with other values goes to the clerk (`to_check`), nothing sent, nothing linked.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { createIpcDispatcher, type IpcHandlers } from '../../../src-main/ipc/dispatcher'
import { createPeopleHandlers } from '../../../src-main/ipc/handlers/people'
import type { RunningSandbox } from '../../../src-sandbox/server'
import type { PeoplePushResult, PeopleWriteItem, PeopleWriteOutcome } from '../../../src-shared/domain/people-writes'
import { assignWrite, endWrite, userWrite } from '../../support/cabinet-writes'
import { BIG_SIREN, connect, startTestSandbox } from '../sync/helpers'

const APP_SENDER = { url: 'app://paie/index.html#/', isMainFrame: true }

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

/** What happens to the next cabinet write on the wire: passes, commits then the answer is lost, or never arrives. */
type Fate = 'forward' | 'commit-then-cut' | 'cut-before'

/** A `people:push` over a connection that counts the cabinet writes reaching the service and can cut the next one. */
function cabinetPusher(s: RunningSandbox) {
  const sent: string[] = []
  const fate: { next: Fate } = { next: 'forward' }
  const lost = (): Error => new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) })
  const fetchCut: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = init?.method ?? 'GET'
    const cabinetWrite =
      method !== 'GET' && (url.pathname === '/api/cabinet/utilisateurs' || url.pathname.endsWith('/affectations-dossier'))
    if (!cabinetWrite) return fetch(input, init)
    const current = fate.next
    fate.next = 'forward'
    if (current === 'cut-before') throw lost()
    sent.push(`${method} ${url.pathname}`)
    const answer = await fetch(input, init)
    if (current === 'commit-then-cut') throw lost()
    return answer
  }
  const { connection } = connect(s, undefined, { fetch: fetchCut, timeoutMs: 2_000 })
  const dispatch = createIpcDispatcher(createPeopleHandlers({ connection: () => connection }) as unknown as IpcHandlers, {
    trustedOrigins: ['app://paie'],
  })
  async function push(siren: string | null, writes: PeopleWriteItem[]): Promise<PeopleWriteOutcome[]> {
    const result = await dispatch('people:push', { siren, writes }, APP_SENDER)
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    return (result.value as PeoplePushResult).outcomes
  }
  return { push, dispatch, sent, fate }
}

function heldAssignments(s: RunningSandbox, matricule: string) {
  return s.store.affectations.filter((a) => a.matricule_utilisateur === matricule).map((a) => [a.siren, a.date_debut, a.date_fin])
}

describe('people:push — the cabinet’s writes, one request each', () => {
  it('creates a user at the cabinet’s scope, assigns it, ends the assignment: each once, in order', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const { push, sent } = cabinetPusher(s)
    expect((await push(null, [userWrite('GP010')])).map((o) => o.result)).toEqual(['synced'])
    const outcomes = await push(BIG_SIREN, [assignWrite('GP010', '2026-07-01', null), endWrite('GP010', '2026-07-01', '2026-10-31')])
    expect(outcomes.map((o) => o.result)).toEqual(['synced', 'synced'])
    expect(sent).toEqual([
      'POST /api/cabinet/utilisateurs',
      `POST /api/dossiers/${BIG_SIREN}/affectations-dossier`,
      `PATCH /api/dossiers/${BIG_SIREN}/affectations-dossier`,
    ])
    expect(s.store.utilisateurs.filter((u) => u.matricule === 'GP010')).toHaveLength(1)
    expect(heldAssignments(s, 'GP010')).toEqual([[BIG_SIREN, '2026-07-01', '2026-10-31']])
  })

  it('keeps the service’s French reason on a refused write: a taken matricule, an overlap, an unknown assignment', async () => {
    sandbox = await startTestSandbox()
    const { push } = cabinetPusher(sandbox)
    const [taken] = await push(null, [userWrite('GP001')])
    expect(taken).toMatchObject({ result: 'rejected', error: { code: 'CONFLIT' } })
    expect(taken?.error?.message).toMatch(/GP001/)
    await push(null, [userWrite('GP011')])
    const [, overlap, unknownEnd] = await push(BIG_SIREN, [
      assignWrite('GP011', '2026-01-01', null),
      assignWrite('GP011', '2026-06-01', '2026-06-30'),
      endWrite('GP011', '2025-01-01', '2025-06-30'),
    ])
    expect(overlap).toMatchObject({ result: 'rejected', error: { code: 'REGLE_METIER' } })
    expect(unknownEnd).toMatchObject({ result: 'rejected', error: { code: 'REGLE_METIER' } })
    expect(overlap?.error?.message).not.toBe('')
  })

  it('refuses a user in a dossier, or an assignment at the cabinet’s scope, before anything is sent', async () => {
    sandbox = await startTestSandbox()
    const { dispatch, sent } = cabinetPusher(sandbox)
    const inDossier = await dispatch('people:push', { siren: BIG_SIREN, writes: [userWrite('GP012')] }, APP_SENDER)
    const atCabinet = await dispatch('people:push', { siren: null, writes: [assignWrite('GP001', '2026-01-01', null)] }, APP_SENDER)
    expect(inDossier.ok).toBe(false)
    expect(atCabinet.ok).toBe(false)
    expect(sent).toEqual([])
  })
})

describe('people:push — the cabinet’s writes exactly once (#81)', () => {
  it('a creation and an assignment whose answers were lost after the commit are read, synced, never sent twice', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const { push, sent, fate } = cabinetPusher(s)
    fate.next = 'commit-then-cut'
    expect((await push(null, [userWrite('GP010')])).map((o) => o.result)).toEqual(['synced'])
    fate.next = 'commit-then-cut'
    expect((await push(BIG_SIREN, [assignWrite('GP010', '2026-07-01', null)])).map((o) => o.result)).toEqual(['synced'])
    expect(sent).toHaveLength(2)
    expect(s.store.utilisateurs.filter((u) => u.matricule === 'GP010')).toHaveLength(1)
    expect(heldAssignments(s, 'GP010')).toEqual([[BIG_SIREN, '2026-07-01', null]])
  })

  it('a cut before the commit is unknown until settled, then read absent and sent once; a repeat afterwards is harmless', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const { push, sent, fate } = cabinetPusher(s)
    const user = userWrite('GP010')
    fate.next = 'cut-before'
    const [first] = await push(null, [user])
    expect(first?.result).toBe('unknown')
    expect(first?.settleUntil).not.toBeNull()
    expect(sent).toEqual([])
    const again = { ...user, afterLostAnswer: true, windowStart: first?.sentAt ?? null } as PeopleWriteItem
    expect((await push(null, [again])).map((o) => o.result)).toEqual(['synced'])
    expect(sent).toEqual(['POST /api/cabinet/utilisateurs'])
    // The same write once more (a crash hid the answer): the read finds it applied, nothing leaves.
    expect((await push(null, [again])).map((o) => o.result)).toEqual(['synced'])
    const assign = assignWrite('GP010', '2026-07-01', null)
    const end = endWrite('GP010', '2026-07-01', '2026-10-31')
    const repeat = (w: PeopleWriteItem): PeopleWriteItem => ({ ...w, afterLostAnswer: true, windowStart: null })
    // An end never leaves while its assignment is pending (#82): each is repeated once settled, before the next.
    await push(BIG_SIREN, [assign])
    expect((await push(BIG_SIREN, [repeat(assign)])).map((o) => o.result)).toEqual(['synced'])
    await push(BIG_SIREN, [end])
    expect((await push(BIG_SIREN, [repeat(end)])).map((o) => o.result)).toEqual(['synced'])
    expect(sent).toHaveLength(3)
    expect(s.store.utilisateurs.filter((u) => u.matricule === 'GP010')).toHaveLength(1)
    expect(heldAssignments(s, 'GP010')).toEqual([[BIG_SIREN, '2026-07-01', '2026-10-31']])
  })

  it('a record of that matricule or start with other values goes to the clerk: nothing sent, nothing linked', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const { push, sent } = cabinetPusher(s)
    // Another writer created GP013 with another e-mail, and assigned it from 2030-01-01 with an end.
    const other = cabinetPusher(s)
    await other.push(null, [
      { ...userWrite('GP013'), payload: { ...userWrite('GP013').payload, email: 'autre@cabinet.fr' } } as PeopleWriteItem,
    ])
    expect((await other.push(BIG_SIREN, [assignWrite('GP013', '2030-01-01', '2030-12-31')])).map((o) => o.result)).toEqual(['synced'])
    const [user] = await push(null, [userWrite('GP013', { afterLostAnswer: true })])
    const [assign] = await push(BIG_SIREN, [assignWrite('GP013', '2030-01-01', null, { afterLostAnswer: true })])
    expect(user).toMatchObject({ result: 'to_check', serverId: null })
    expect(assign).toMatchObject({ result: 'to_check', serverId: null })
    expect(sent).toEqual([])
    expect(heldAssignments(s, 'GP013')).toEqual([[BIG_SIREN, '2030-01-01', '2030-12-31']])
    expect(s.store.utilisateurs.find((u) => u.matricule === 'GP013')?.email).toBe('autre@cabinet.fr')
  })
})
