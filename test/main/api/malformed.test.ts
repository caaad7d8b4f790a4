/**
 * The typed client against spoiled answers (sandbox `malformedResponses`): wrong types, truncated JSON, an oversized
 * body, an HTML page with status 200. Each is one ApiError with a clear code and class: a read is `global` (the
 * road is broken: pause), a write `unknown` (it was committed: reconcile, never resend blindly).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-main/api/errors'
import { createApiClient, MAX_RESPONSE_BYTES } from '../../../src-main/api/client'
import type { MalformedMode } from '../../../src-sandbox/faults'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS } from '../../../src-sandbox/store/seed'
import { BIG_SIREN, PERIODE, codesOf, quietEmployees, startTestSandbox } from '../sync/helpers'

let sandbox: RunningSandbox | null = null
afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('aucune erreur')
}

/** `reason`: the wording parameters main reports (the renderer words them: test/renderer/i18n/reported.test.ts). */
const CASES: readonly { mode: Exclude<MalformedMode, 'off'>; code: string; reason: Record<string, string | number> }[] = [
  { mode: 'wrong-type', code: 'REPONSE_INVALIDE', reason: { motif: 'CHAMP', valeur: expect.any(String) as string } },
  { mode: 'truncated-json', code: 'REPONSE_INVALIDE', reason: { motif: 'JSON' } },
  { mode: 'html', code: 'REPONSE_INVALIDE', reason: { motif: 'TYPE_JSON', valeur: 'text/html' } },
  { mode: 'oversized', code: 'REPONSE_TROP_VOLUMINEUSE', reason: { mio: 1 } },
]

describe.each(CASES)('spoiled answers: $mode', ({ mode, code, reason }) => {
  it(`is ${code}: global for a read, unknown for a committed write`, async () => {
    const running = await startTestSandbox()
    sandbox = running
    const client = createApiClient({
      baseUrl: running.url,
      clientId: DEMO_CREDENTIALS.client_id,
      clientSecret: DEMO_CREDENTIALS.client_secret,
      maxResponseBytes: 1024 * 1024,
    })
    await client.call('moi') // token obtained while answers are sound
    running.faults.set({ malformedResponses: mode, malformedRate: 1, malformedOversizeBytes: 2 * 1024 * 1024 })

    const read = await failure(client.call('listerDossiers', { query: {} }))
    expect(read).toMatchObject({ code, errorClass: 'global', operation: 'listerDossiers' })
    expect(read.params).toMatchObject(reason)

    const before = running.store.evp.length
    const [matricule] = quietEmployees(running.store)
    const write = await failure(
      client.call('creerEvp', {
        body: { siren: BIG_SIREN, matricule: matricule!, periode: PERIODE, code_evp: codesOf(running.store).evp, quantite: '1.5' },
      }),
    )
    expect(write).toMatchObject({ code, errorClass: 'unknown', operation: 'creerEvp' })
    expect(running.store.evp.length).toBe(before + 1) // committed: the outbox must reconcile it
  })
})

describe('answer size cap', () => {
  it('refuses, with the default cap, a body just over 16 MiB (the sandbox default oversize)', async () => {
    const running = await startTestSandbox({ faults: { malformedResponses: 'oversized', malformedRate: 1 } })
    sandbox = running
    expect(running.faults.get().malformedOversizeBytes).toBeGreaterThan(MAX_RESPONSE_BYTES)
    const client = createApiClient({
      baseUrl: running.url,
      clientId: DEMO_CREDENTIALS.client_id,
      clientSecret: DEMO_CREDENTIALS.client_secret,
    })
    // Even the token answer is oversized: the very first call fails with the typed error, as the operation's own
    // failure (global, never sent: docs/api-assumptions.md #41), the token request's error as its cause.
    const error = await failure(client.call('moi'))
    expect(error).toMatchObject({ code: 'REPONSE_TROP_VOLUMINEUSE', operation: 'moi', errorClass: 'global', sent: false })
    expect(error.cause).toMatchObject({ code: 'REPONSE_TROP_VOLUMINEUSE', operation: 'obtenirJeton' })
  })
})
