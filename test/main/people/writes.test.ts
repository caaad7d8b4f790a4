/**
 * People writes through `people:push` against the sandbox over HTTP (issue 16, points 2 and 5; #63, #64): main's REAL
 * dispatcher and handler over a connection whose fetch the test can cut. Checks one request per operation for a
 * dossier, `Salarie.PatchRetourDto`'s per-employee errors on the right writes (an IBAN the service refuses), and the
 * exactly-once rule: a lost answer is read before any resend, never applied twice, never dropped on a guess.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'

import { createIpcDispatcher, type IpcHandlers } from '../../../src-main/ipc/dispatcher'
import { createPeopleHandlers } from '../../../src-main/ipc/handlers/people'
import type { PayrollConnection } from '../../../src-main/services/connection'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { buildIbanFr } from '../../../src-sandbox/store/seed-identifiers'
import { dureeTempsPlein } from '../../../src-shared/domain/contrat-create'
import type { ContratPayload, PeoplePushResult, PeopleWriteItem, PeopleWriteOutcome } from '../../../src-shared/domain/people-writes'
import { BIG_SIREN, connect, startTestSandbox } from '../sync/helpers'

const APP_SENDER = { url: 'app://paie/index.html#/', isMainFrame: true }
const BIC = 'BNPAFRPPXXX'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

type Fate = 'forward' | 'commit-then-cut' | 'cut-before'

/** A connection whose writes (PATCH, POST /api/notes, POST …/contrats) meet `fate.next` once, counting the writes that reached the service. */
function cutConnection(s: RunningSandbox, timeoutMs?: number) {
  const writes: string[] = []
  const fate: { next: Fate } = { next: 'forward' }
  const reset = (): Error => new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) })
  const fetchCut: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = init?.method ?? 'GET'
    const isWrite = method === 'PATCH' || (method === 'POST' && (url.pathname === '/api/notes' || url.pathname.endsWith('/contrats')))
    if (!isWrite) return fetch(input, init)
    const current = fate.next
    fate.next = 'forward'
    if (current === 'cut-before') throw reset()
    writes.push(`${method} ${url.pathname}`)
    const answer = await fetch(input, init)
    if (current === 'commit-then-cut') throw reset()
    return answer
  }
  const connection = connect(s, undefined, { fetch: fetchCut, ...(timeoutMs === undefined ? {} : { timeoutMs }) }).connection
  return { connection, writes, fate }
}

function pusher(connection: PayrollConnection) {
  const handlers = createPeopleHandlers({ connection: () => connection })
  const dispatch = createIpcDispatcher(handlers as unknown as IpcHandlers, { trustedOrigins: ['app://paie'] })
  return async (writes: PeopleWriteItem[]): Promise<PeopleWriteOutcome[]> => {
    const result = await dispatch('people:push', { siren: BIG_SIREN, writes }, APP_SENDER)
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    return (result.value as PeoplePushResult).outcomes
  }
}

function employees(s: RunningSandbox, n: number) {
  const found = s.store.salaries.filter((x) => x.siren === BIG_SIREN).slice(0, n)
  if (found.length < n) throw new Error('pas assez de salariés dans le jeu de données')
  return found
}

function bankWrite(matricule: string, iban: string, extra: Partial<PeopleWriteItem> = {}): PeopleWriteItem {
  return {
    clientId: randomUUID(),
    matricule,
    afterLostAnswer: false,
    windowStart: null,
    kind: 'coordonnees',
    payload: { iban, bic: BIC, titulaire: `Titulaire ${matricule}` },
    ...extra,
  } as PeopleWriteItem
}

function freshIban(n: number): string {
  return buildIbanFr('30006', '00001', String(90_000_000_000 + n))
}

describe('people:push — one request per operation, per-employee errors', () => {
  it('sends 5 bank details in ONE PATCH; the 2 the service refuses carry its message at iban, the 3 others are synced', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const { connection, writes } = cutConnection(s)
    const people = employees(s, 7)
    const taken = people.slice(5).map((p) => p.informations_paiement.coordonnees_bancaires?.iban)
    if (taken.some((i) => i === undefined)) throw new Error('salarié sans IBAN dans le jeu de données')
    const items = people.slice(0, 5).map((p, i) => bankWrite(p.matricule, i === 1 || i === 3 ? taken[i === 1 ? 0 : 1]! : freshIban(i)))
    const outcomes = await pusher(connection)(items)
    expect(writes).toEqual([`PATCH /api/dossiers/${BIG_SIREN}/salaries/coordonnees-bancaires`])
    expect(outcomes.map((o) => o.result)).toEqual(['synced', 'rejected', 'synced', 'rejected', 'synced'])
    for (const i of [1, 3]) {
      expect(outcomes[i]?.error).toMatchObject({ code: 'REGLE_METIER', champ: 'iban' })
      expect(outcomes[i]?.error?.message).toContain('IBAN déjà enregistré')
    }
    const held = (m: string) => s.store.salaries.find((x) => x.siren === BIG_SIREN && x.matricule === m)
    expect(held(people[0]!.matricule)?.informations_paiement.coordonnees_bancaires?.iban).toBe(freshIban(0))
    expect(held(people[1]!.matricule)?.informations_paiement.coordonnees_bancaires?.iban).not.toBe(taken[0])
  })

  it('sends an edit and a safe activation of two employees in ONE PATCH …/salaries, and a note in its own POST', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const [a, b] = employees(s, 2)
    const { connection, writes } = cutConnection(s)
    const outcomes = await pusher(connection)([
      {
        clientId: randomUUID(),
        matricule: a!.matricule,
        afterLostAnswer: false,
        windowStart: null,
        kind: 'salarie',
        payload: { nom_usage: 'Martin-Durand', prevoyance_individuelle: true },
      },
      {
        clientId: randomUUID(),
        matricule: b!.matricule,
        afterLostAnswer: false,
        windowStart: null,
        kind: 'coffre',
        payload: { coffre_active: true },
      },
      {
        clientId: randomUUID(),
        matricule: b!.matricule,
        afterLostAnswer: false,
        windowStart: null,
        kind: 'note',
        payload: { texte: 'Appeler pour le RIB' },
      },
    ])
    expect(writes).toEqual([`PATCH /api/dossiers/${BIG_SIREN}/salaries`, 'POST /api/notes'])
    expect(outcomes.map((o) => o.result)).toEqual(['synced', 'synced', 'synced'])
    const held = (m: string) => s.store.salaries.find((x) => x.siren === BIG_SIREN && x.matricule === m)!
    expect(held(a!.matricule).nom_usage).toBe('Martin-Durand')
    expect(held(a!.matricule).regime_social.prevoyance_individuelle).toBe(true)
    expect(held(b!.matricule).coffre_active).toBe(true)
    const note = s.store.notes.find((n) => n.id === outcomes[2]?.serverId)
    expect(note).toMatchObject({ matricule: b!.matricule, texte: 'Appeler pour le RIB', type: 'commentaire_salarie' })
  })
})

describe('people:push — exactly once after a lost answer (#63)', () => {
  it('a PATCH committed then cut is found applied by the read at once: synced, never sent again', async () => {
    sandbox = await startTestSandbox()
    const [a] = employees(sandbox, 1)
    const { connection, writes, fate } = cutConnection(sandbox)
    fate.next = 'commit-then-cut'
    const [o] = await pusher(connection)([bankWrite(a!.matricule, freshIban(11))])
    expect(o?.result).toBe('synced')
    expect(writes).toHaveLength(1)
  })

  it('a PATCH lost before it reached the service is unknown with a settle time, then read and sent ONCE', async () => {
    sandbox = await startTestSandbox()
    const [a] = employees(sandbox, 1)
    const { connection, writes, fate } = cutConnection(sandbox)
    const push = pusher(connection)
    fate.next = 'cut-before'
    const write = bankWrite(a!.matricule, freshIban(12))
    const [lost] = await push([write])
    expect(lost?.result).toBe('unknown')
    expect(Date.parse(lost?.settleUntil ?? '')).toBeGreaterThan(Date.now())
    expect(writes).toHaveLength(0)
    const [again] = await push([{ ...write, afterLostAnswer: true, windowStart: lost?.sentAt ?? null }])
    expect(again?.result).toBe('synced')
    expect(writes).toHaveLength(1)
    const [third] = await push([{ ...write, afterLostAnswer: true, windowStart: lost?.sentAt ?? null }])
    expect(third).toMatchObject({ result: 'synced', sentAt: null })
    expect(writes).toHaveLength(1)
  })

  it('a note whose answer was lost is found by the read of the employee’s notes: synced to it, no second note', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const [a] = employees(s, 1)
    const { connection, writes, fate } = cutConnection(s)
    const push = pusher(connection)
    fate.next = 'commit-then-cut'
    const note: PeopleWriteItem = {
      clientId: randomUUID(),
      matricule: a!.matricule,
      afterLostAnswer: false,
      windowStart: null,
      kind: 'note',
      payload: { texte: 'Mutuelle à revoir' },
    }
    const [first] = await push([note])
    expect(first?.result).toBe('synced')
    const [again] = await push([{ ...note, afterLostAnswer: true, windowStart: first?.sentAt ?? null }])
    expect(again?.result).toBe('synced')
    expect(again?.serverId).toBe(first?.serverId)
    expect(writes).toHaveLength(1)
    expect(s.store.notes.filter((n) => n.matricule === a!.matricule && n.texte === 'Mutuelle à revoir')).toHaveLength(1)
  })

  it('a note read again among two identical notes of its window is to_check: nothing sent, nothing linked', async () => {
    sandbox = await startTestSandbox()
    const s = sandbox
    const [a] = employees(s, 1)
    const { connection, writes } = cutConnection(s)
    const push = pusher(connection)
    const texte = 'Note doublée'
    const base = { matricule: a!.matricule, afterLostAnswer: false, windowStart: null, kind: 'note' as const, payload: { texte } }
    const [one] = await push([{ ...base, clientId: randomUUID() }])
    await push([{ ...base, clientId: randomUUID() }])
    const [check] = await push([{ ...base, clientId: randomUUID(), afterLostAnswer: true, windowStart: one?.sentAt ?? null }])
    expect(check).toMatchObject({ result: 'to_check', serverId: null })
    expect(writes).toHaveLength(2)
  })

  it('a service that cannot be reached leaves every write not_sent (nothing lost, nothing sent on a guess)', async () => {
    sandbox = await startTestSandbox()
    const [a, b] = employees(sandbox, 2)
    const { connection } = cutConnection(sandbox)
    await sandbox.close()
    sandbox = null
    const outcomes = await pusher(connection)([
      bankWrite(a!.matricule, freshIban(13)),
      bankWrite(b!.matricule, freshIban(14), { afterLostAnswer: true }),
    ])
    expect(outcomes.map((o) => o.result)).toEqual(['not_sent', 'not_sent'])
  })
})

describe('people:push — a new contract (issue 16 point 3, #63, #66)', () => {
  /** An employee of the big dossier with a contract (its establishment reused), and a `contrat` write for him. */
  function contratWrite(s: RunningSandbox, numero: string, patch: Partial<ContratPayload> = {}) {
    const c = s.store.contrats.find((x) => x.siren === BIG_SIREN && x.date_fin === null)
    if (c === undefined) throw new Error('pas de contrat en cours dans le jeu de données')
    const payload: ContratPayload = {
      numero_contrat: numero,
      nic: c.nic,
      nature_contrat: '01',
      libelle_emploi: 'Comptable',
      pcs_ese: '543a',
      dispositif_politique_publique: '99',
      date_debut: '2026-12-01',
      duree_travail: dureeTempsPlein(),
      ...patch,
    }
    const write: PeopleWriteItem = {
      clientId: randomUUID(),
      matricule: c.matricule,
      afterLostAnswer: false,
      windowStart: null,
      kind: 'contrat',
      payload,
    }
    const held = () => s.store.contrats.filter((x) => x.siren === BIG_SIREN && x.matricule === c.matricule && x.numero_contrat === numero)
    return { write, held }
  }

  it('is sent in its own POST …/contrats and synced; the service holds it with its week', async () => {
    sandbox = await startTestSandbox()
    const { write, held } = contratWrite(sandbox, 'NQ01')
    const { connection, writes } = cutConnection(sandbox)
    const [o] = await pusher(connection)([write])
    expect(o).toMatchObject({ result: 'synced', error: null })
    expect(writes).toEqual([`POST /api/dossiers/${BIG_SIREN}/salaries/${write.matricule}/contrats`])
    expect(held()).toHaveLength(1)
    expect(held()[0]?.duree_travail.tableau_horaire).toEqual(dureeTempsPlein().tableau_horaire)
  })

  it('a refusal is rejected with every field error of the service', async () => {
    sandbox = await startTestSandbox()
    const { write, held } = contratWrite(sandbox, 'NQ02', { pcs_ese: '999z' })
    const [o] = await pusher(cutConnection(sandbox).connection)([write])
    expect(o?.result).toBe('rejected')
    expect(o?.error).toMatchObject({
      code: 'REGLE_METIER',
      erreurs: [{ chemin: 'body.pcs_ese', message: expect.stringMatching(/999z/) as string }],
    })
    expect(held()).toHaveLength(0)
  })

  it('created but its answer lost: found by the list of contracts, synced without a second POST, held once', async () => {
    sandbox = await startTestSandbox()
    const { write, held } = contratWrite(sandbox, 'NQ03')
    const { connection, writes, fate } = cutConnection(sandbox)
    const push = pusher(connection)
    fate.next = 'commit-then-cut'
    const [first] = await push([write])
    expect(first?.result).toBe('synced')
    const [again] = await push([{ ...write, afterLostAnswer: true, windowStart: first?.sentAt ?? null }])
    expect(again).toMatchObject({ result: 'synced', sentAt: null })
    expect(writes).toHaveLength(1)
    expect(held()).toHaveLength(1)
  })

  it('lost before it reached the service: unknown, then read (absent) and sent once', async () => {
    sandbox = await startTestSandbox()
    const { write, held } = contratWrite(sandbox, 'NQ04')
    const { connection, writes, fate } = cutConnection(sandbox)
    const push = pusher(connection)
    fate.next = 'cut-before'
    const [lost] = await push([write])
    expect(lost?.result).toBe('unknown')
    expect(held()).toHaveLength(0)
    const [again] = await push([{ ...write, afterLostAnswer: true, windowStart: lost?.sentAt ?? null }])
    expect(again?.result).toBe('synced')
    expect(writes).toHaveLength(1)
    expect(held()).toHaveLength(1)
  })

  it('read again when a different contract holds its number: to_check, nothing sent, nothing linked', async () => {
    sandbox = await startTestSandbox()
    const other = contratWrite(sandbox, 'NQ05', { libelle_emploi: 'Cuisinier' })
    const { connection, writes } = cutConnection(sandbox)
    const push = pusher(connection)
    expect((await push([other.write]))[0]?.result).toBe('synced')
    const mine = contratWrite(sandbox, 'NQ05')
    const [check] = await push([{ ...mine.write, afterLostAnswer: true, windowStart: null }])
    expect(check).toMatchObject({ result: 'to_check', sentAt: null })
    expect(writes).toHaveLength(1)
    expect(mine.held()).toHaveLength(1)
  })
})
