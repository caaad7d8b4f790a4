/**
 * Hostile input on EVERY IPC channel (iterated from `ipcChannels`, so a channel added later is covered without
 * touching this file): fast-check sends arbitrary values through the real dispatcher and the real handler table,
 * with the sandbox behind it. Each request gets a typed envelope (a valid answer, or `ok: false` with a known code),
 * never `ERREUR_INTERNE`, never an unhandled rejection; an input refused by validation writes nothing on the
 * server (the sandbox keeps its store in a file: its journal must not grow). Senders other than the app's main
 * frame (foreign origins, sub-frames, unknown) are refused on every channel.
 *
 * Every channel has a valid-shaped sample in {@link SAMPLES} (the table must list exactly the contract's channels, and
 * each sample must pass its channel's input schema): mutations of it reach deeper than the schema's first check.
 * A new channel: its sample here (the compiler asks for it) and, when its handler needs new dependencies, those in
 * {@link handlerDeps} (the one place).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createIpcDispatcher, type IpcDispatcher, type IpcFailure, type IpcSender } from '../../../src-main/ipc/dispatcher'
import { createEventSender } from '../../../src-main/ipc/events'
import { createIpcHandlers, type HandlerDeps } from '../../../src-main/ipc/handlers'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { journalPathOf } from '../../../src-sandbox/store/persist'
import { DEMO_CREDENTIALS } from '../../../src-sandbox/store/seed'
import { testProfileService } from '../../support/profiles'
import { channelNames } from '../../../src-shared/ipc/channels'
import { IPC_ERROR_CODES, ipcChannels, ipcErrorSchema, type ChannelName } from '../../../src-shared/ipc/contract'
import { BIG_SIREN, codesOf, connect, itemOf, payloadOf, quietEmployees, startTestSandbox } from '../sync/helpers'

const TRUSTED: IpcSender = { url: 'app://paie/index.html#/', isMainFrame: true }
const CHANNELS = Object.keys(ipcChannels) as ChannelName[]
const KNOWN_CODES = new Set<string>(Object.values(IPC_ERROR_CODES))

let sandbox: RunningSandbox
let storeFile: string
/** Temporary folder of the downloads handlers (Downloads and data folders). */
let files: string
let dispatch: IpcDispatcher
const failures: IpcFailure[] = []
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason)
}

/** Everything the handler table needs, in ONE place (a new channel's deps go here). */
function handlerDeps(running: RunningSandbox): HandlerDeps {
  const { connection } = connect(running)
  files = mkdtempSync(join(tmpdir(), 'paie-ipc-hostile-files-'))
  const profiles = testProfileService({
    baseUrl: running.url,
    clientId: DEMO_CREDENTIALS.client_id,
    clientSecret: DEMO_CREDENTIALS.client_secret,
  })
  return {
    appInfo: () => ({ version: '0.1.0', demo: true, apiBaseUrl: running.url, platform: 'linux' }),
    profiles,
    connection: () => connection,
    sendEvent: createEventSender(() => undefined),
    probeTimeoutMs: 1_000,
    downloads: {
      downloadsDir: () => join(files, 'Téléchargements'),
      dataDir: () => join(files, 'donnees'),
      openPath: () => Promise.resolve(''),
      showItemInFolder: () => undefined,
      pickFolder: () => Promise.resolve(null),
    },
  }
}

/** A valid profile id that names no profile (the refusal goes past the schema to the service). */
const UNKNOWN_PROFILE = 'p-00000000-0000-4000-8000-000000000000'

/** The demo credentials on the running sandbox, as the profile form sends them. */
function demoCredentials() {
  return { baseUrl: sandbox.url, clientId: DEMO_CREDENTIALS.client_id, clientSecret: DEMO_CREDENTIALS.client_secret }
}

/** One summary of the sandbox that can be downloaded, as the declarations screen sends it. */
function downloadableSummary() {
  const d = sandbox.store.declarations.find((x) => x.recapitulatif_disponible)
  if (d === undefined) throw new Error('aucun récapitulatif dans le jeu de données')
  return { id: d.id, siren: d.siren, nic: d.nic, periode: d.periode, nature: d.nature, type: d.type }
}

/** One payslip of the big dossier's current period. */
function aBulletin(): { id: string } {
  const b = sandbox.store.bulletins.find((x) => x.siren === BIG_SIREN && x.periode === '2026-11')
  if (b === undefined) throw new Error('aucun bulletin dans le jeu de données')
  return b
}

/** A valid-shaped input of EVERY channel (checked against the contract below), mutated by the properties. */
const SAMPLES: Readonly<Record<ChannelName, () => unknown>> = {
  'app:info': () => ({}),
  'connection:probe': () => ({}),
  'profile:active': () => ({}),
  'profile:list': () => ({}),
  'profile:save': () => ({ nom: 'Cabinet hostile', ...demoCredentials() }),
  'profile:test': () => demoCredentials(),
  'profile:activate': () => ({ id: 'demo' }),
  'profile:remove': () => ({ id: UNKNOWN_PROFILE }),
  'profile:signOut': () => ({ id: UNKNOWN_PROFILE }),
  'reference:refresh': () => ({ sirens: [BIG_SIREN] }),
  'records:refresh': () => ({ siren: BIG_SIREN, periode: '2026-11' }),
  'bulletins:list': () => ({ siren: BIG_SIREN, periode: '2026-11' }),
  'bulletins:read': () => ({ id: aBulletin().id, siren: BIG_SIREN }),
  'bulletins:compute': () => ({ siren: BIG_SIREN, periode: '2026-11' }),
  'bulletins:act': () => ({ id: aBulletin().id, action: 'refus', motif: 'Prime oubliée' }),
  'sync:push': () => {
    const codes = codesOf(sandbox.store)
    const [m] = quietEmployees(sandbox.store)
    return { items: [itemOf('evp', payloadOf('evp', m!, codes, 1)), itemOf('frais', payloadOf('frais', m!, codes, 2))] }
  },
  'sync:verify': () => {
    const codes = codesOf(sandbox.store)
    const [m] = quietEmployees(sandbox.store)
    const item = itemOf('evp', payloadOf('evp', m!, codes, 3))
    const at = new Date().toISOString()
    return {
      items: [
        {
          clientId: item.clientId,
          revision: 1,
          kind: 'evp',
          fingerprint: item.fingerprint,
          scope: item.scope,
          serverId: crypto.randomUUID(),
          sendWindow: { from: at, to: at },
          claimedServerIds: [],
        },
      ],
    }
  },
  'declarations:search': () => ({
    sirens: [BIG_SIREN],
    periodeDu: '2026-06',
    periodeAu: '2026-09',
    kinds: ['periodique', 'evenementielle'],
  }),
  'downloads:start': () => ({ items: [downloadableSummary()], destination: 'defaut' }),
  'downloads:cancel': () => ({ jobId: 'job-inconnu' }),
  'downloads:list': () => ({}),
  'downloads:open': () => ({ path: join(files, 'Téléchargements', 'récapitulatif.pdf') }),
  'downloads:show': () => ({ path: join(files, 'Téléchargements', 'récapitulatif.pdf') }),
  'downloads:chooseFolder': () => ({}),
  'salaries:sheet': () => {
    const s = sandbox.store.salaries.find((x) => x.siren === BIG_SIREN)
    return { siren: BIG_SIREN, matricule: s?.matricule ?? 'M0001' }
  },
  'codes:list': () => ({ nomCode: 'pcs_ese' }),
  'extractions:list': () => ({ siren: BIG_SIREN }),
  'extractions:start': () => ({ siren: BIG_SIREN, type: 'salaries', periode: '2026-11' }),
  'extractions:read': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'cumuls:list': () => ({ siren: BIG_SIREN, annee: 2026, filtre: { categories: ['heures'], cumuls: [], codeMoteur: null } }),
  'cumuls:put': () => ({ siren: BIG_SIREN, annee: 2026, elements: [{ matricule: 'A0001', code_cumul: 'BRUT', valeur: '1.00' }] }),
  'extractions:download': () => ({
    extraction: { id: '00000000-0000-4000-8000-000000000000', siren: BIG_SIREN, type: 'salaries', periode: '2026-11' },
    destination: 'defaut',
  }),
  'people:push': () => {
    const s = sandbox.store.salaries.find((x) => x.siren === BIG_SIREN)
    return {
      siren: BIG_SIREN,
      writes: [
        {
          clientId: '00000000-0000-4000-8000-000000000001',
          matricule: s?.matricule ?? 'M0001',
          afterLostAnswer: false,
          windowStart: null,
          kind: 'note',
          payload: { texte: 'Note hostile' },
        },
      ],
    }
  },
  'declarations:detail': () => ({ id: downloadableSummary().id }),
  'declarations:recapitulatif': () => ({ id: downloadableSummary().id }),
  'facturations:list': () => ({ periodes: ['2026-09', '2026-10'], sirens: [BIG_SIREN] }),
  'cabinet:users': () => ({}),
  'cabinet:user': () => ({ matricule: 'GP001' }),
  'cabinet:assignments': () => ({ sirens: [BIG_SIREN] }),
}

function journalSize(): number {
  try {
    return statSync(journalPathOf(storeFile)).size
  } catch {
    return 0
  }
}

/** A sample with one value somewhere inside it replaced by `value` (path chosen by `pick`). */
function mutate(sample: unknown, pick: readonly number[], value: unknown): unknown {
  if (pick.length === 0 || typeof sample !== 'object' || sample === null) return value
  const choice = pick[0] ?? 0
  if (Array.isArray(sample)) {
    const items: unknown[] = [...(sample as unknown[])]
    if (items.length === 0) return value
    const index = choice % items.length
    items[index] = mutate(items[index], pick.slice(1), value)
    return items
  }
  const record: Record<string, unknown> = { ...(sample as Record<string, unknown>) }
  const keys = Object.keys(record)
  if (keys.length === 0) return value
  const key = keys[choice % keys.length] ?? ''
  record[key] = mutate(record[key], pick.slice(1), value)
  return record
}

const hostile = fc.oneof(
  fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withNullPrototype: true,
    withObjectString: true,
    withBoxedValues: true,
  }),
  fc.constantFrom(
    null,
    undefined,
    '',
    '__proto__',
    { __proto__: { polluted: true } },
    { constructor: { prototype: {} } },
    'x'.repeat(1_000_000),
    Number.NaN,
    -0,
    Infinity,
  ),
)

beforeAll(async () => {
  storeFile = join(mkdtempSync(join(tmpdir(), 'paie-ipc-hostile-')), 'store.json')
  sandbox = await startTestSandbox({ storeFile })
  const deps = handlerDeps(sandbox)
  await deps.profiles.init()
  dispatch = createIpcDispatcher(createIpcHandlers(deps), { trustedOrigins: ['app://paie'], onFailure: (f) => failures.push(f) })
  process.on('unhandledRejection', onUnhandled)
})
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await sandbox.close()
  // After the close: the sandbox writes its store there until then.
  rmSync(dirname(storeFile), { recursive: true, force: true })
  rmSync(files, { recursive: true, force: true })
})
afterEach(() => {
  expect(unhandled).toEqual([])
})

/** Sends `input` on `channel` from the app's main frame and checks the envelope; returns it. */
async function sendChecked(channel: ChannelName, input: unknown): Promise<void> {
  const before = journalSize()
  const result = await dispatch(channel, input, TRUSTED)
  if (result.ok) {
    expect(ipcChannels[channel].output.safeParse(result.value).success).toBe(true)
    return
  }
  expect(ipcErrorSchema.safeParse(result.error).success).toBe(true)
  expect(KNOWN_CODES.has(result.error.code) || /^[A-Z_]+$/.test(result.error.code)).toBe(true)
  expect(result.error.code).not.toBe(IPC_ERROR_CODES.erreurInterne)
  if (result.error.code === IPC_ERROR_CODES.entreeInvalide) expect(journalSize()).toBe(before)
}

describe('hostile samples', () => {
  it('has a sample for exactly the channels of the contract', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...channelNames].sort())
    expect([...CHANNELS].sort()).toEqual([...channelNames].sort())
  })

  it.each(CHANNELS)('has a sample of %s that its input schema accepts', (channel) => {
    const parsed = ipcChannels[channel].input.safeParse(SAMPLES[channel]())
    expect(parsed.error?.issues ?? []).toEqual([])
  })
})

describe.each(CHANNELS)('hostile input on %s', (channel) => {
  it('answers arbitrary values with a typed envelope, never an internal error, and writes nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (input) => {
        await sendChecked(channel, input)
      }),
      { numRuns: 60, seed: 20_261_122 },
    )
    expect(failures.filter((f) => f.code === IPC_ERROR_CODES.erreurInterne)).toEqual([])
  })

  it('answers valid-shaped inputs with one hostile value inside the same way', async () => {
    const sample = SAMPLES[channel]
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 5 }), hostile, async (pick, value) => {
        await sendChecked(channel, mutate(sample(), pick, value))
      }),
      { numRuns: 60, seed: 20_261_123 },
    )
  })

  it('refuses every sender but the app’s main frame, before looking at the input', async () => {
    const senders = fc.oneof(
      fc.record({ url: fc.webUrl({ withQueryParameters: true, withFragments: true }), isMainFrame: fc.boolean() }),
      fc.record({ url: fc.string(), isMainFrame: fc.boolean() }),
      fc.record({
        url: fc.constantFrom('app://paie/index.html', 'app://paie/', 'app://paie/index.html#/queue'),
        isMainFrame: fc.constant(false),
      }),
      fc.record({
        url: fc.constantFrom(
          'app://paie.evil/index.html',
          'app://evil/',
          'file:///etc/passwd',
          'http://127.0.0.1/',
          'data:text/html,x',
          'about:blank',
          'devtools://devtools/',
        ),
        isMainFrame: fc.constant(true),
      }),
      fc.constant(null),
    )
    await fc.assert(
      fc.asyncProperty(senders, hostile, async (sender, input) => {
        const trusted = sender !== null && sender.isMainFrame && new URL(sender.url, 'invalid://x').origin === 'app://paie'
        fc.pre(!trusted)
        const before = journalSize()
        const result = await dispatch(channel, input, sender)
        expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: IPC_ERROR_CODES.expediteurRefuse }) as unknown })
        expect(journalSize()).toBe(before)
      }),
      { numRuns: 80, seed: 20_261_124 },
    )
  })
})

describe('hostile channel names', () => {
  it('answers CANAL_INCONNU for any name outside the contract, prototype keys included', async () => {
    const names = fc.oneof(
      fc.string(),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'sync:push ', 'SYNC:PUSH', 'sync:push\u0000'),
    )
    await fc.assert(
      fc.asyncProperty(names, hostile, async (name, input) => {
        fc.pre(!Object.hasOwn(ipcChannels, name))
        const result = await dispatch(name, input, TRUSTED)
        expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: IPC_ERROR_CODES.canalInconnu }) as unknown })
      }),
      { numRuns: 100, seed: 20_261_125 },
    )
  })
})
