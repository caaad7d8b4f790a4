/**
 * The sandbox against the contract: the OpenAPI document lists every operation of ENDPOINTS, the handler table
 * covers exactly the table, and a JSON answer drifting from its schema fails loudly (500 and an error log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandboxApp } from '../../src-sandbox/app'
import { HANDLERS } from '../../src-sandbox/handlers'
import type { Handlers } from '../../src-sandbox/handlers/context'
import type { SandboxLogger } from '../../src-sandbox/http/operations'
import type { RunningSandbox } from '../../src-sandbox/server'
import { createSeedStore } from '../../src-sandbox/store/seed'
import { ENDPOINTS, OPERATION_IDS } from '../../src-shared/api/endpoints'
import { startTestSandbox, TODAY, type ErrorBody } from './helpers'
import { referenceOperations, referencePathsWithoutMethod } from '../support/reference'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(async () => {
  await sandbox.close()
})

describe('OpenAPI document', () => {
  it('is served without a token and lists every operation of the endpoint table', async () => {
    const res = await fetch(`${sandbox.url}/api/openapi.json`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      info: { version: string }
      servers: { url: string }[]
      paths: Record<string, Record<string, { operationId: string }>>
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.13.0')
    expect(doc.servers[0]?.url).toBe(sandbox.url)
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    )
    const expected = OPERATION_IDS.map((id) => `${id} ${ENDPOINTS[id].method} ${ENDPOINTS[id].path}`)
    expect(listed.sort()).toEqual(expected.sort())
  })

  it('serves every operation the published reference lists (method and path, or path alone)', async () => {
    const doc = (await (await fetch(`${sandbox.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> }
    const served = (method: string | null, path: string): boolean => {
      const item = doc.paths[path]
      return item !== undefined && (method === null || method.toLowerCase() in item)
    }
    const fromTables = referenceOperations()
    const bare = referencePathsWithoutMethod()
    expect(fromTables.length).toBeGreaterThanOrEqual(32)
    expect(fromTables.filter((op) => !served(op.method, op.path))).toEqual([])
    expect(bare.filter((path) => !served(null, path))).toEqual([])
  })
})

describe('handler table', () => {
  it('implements exactly the operations of ENDPOINTS', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...OPERATION_IDS].sort())
  })
})

describe('answers checked against the contract', () => {
  const errors: { message: string; fields: unknown }[] = []
  const logger: SandboxLogger = {
    info: () => undefined,
    warn: () => undefined,
    error: (message, fields) => {
      errors.push({ message, fields })
    },
  }
  // A handler table whose health check drifts from the contract (version as a number).
  const drifting = { ...HANDLERS, sante: () => ({ statut: 'ok', version: 113, date: 'hier' }) } as unknown as Handlers

  it('answers 500 ERREUR_SERVEUR and logs the operation and the field on drift', async () => {
    const { app } = createSandboxApp({
      store: createSeedStore({ seed: 3, today: TODAY }),
      renderPdf: () => Promise.resolve(new Uint8Array()),
      handlers: drifting,
      logger,
      rateLimit: false,
    })
    const res = await app.request('/api/health')
    expect(res.status).toBe(500)
    const body = (await res.json()) as ErrorBody
    expect(body.code).toBe('ERREUR_SERVEUR')
    expect(body.source).toBe('Serveur')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.fields).toMatchObject({ operation: 'sante', chemin: 'body.version' })
  })

  it('lets the drift through when validateResponses is off', async () => {
    const { app } = createSandboxApp({
      store: createSeedStore({ seed: 3, today: TODAY }),
      renderPdf: () => Promise.resolve(new Uint8Array()),
      handlers: drifting,
      logger,
      validateResponses: false,
      rateLimit: false,
    })
    const res = await app.request('/api/health')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { version: unknown }).version).toBe(113)
  })

  it('answers 500 for an unexpected handler failure and logs its name, never its message', async () => {
    errors.length = 0
    const failing = {
      ...HANDLERS,
      sante: () => {
        throw new TypeError('montant 1234.56 de Dupont')
      },
    } as unknown as Handlers
    const { app } = createSandboxApp({
      store: createSeedStore({ seed: 3, today: TODAY }),
      renderPdf: () => Promise.resolve(new Uint8Array()),
      handlers: failing,
      logger,
      rateLimit: false,
    })
    const res = await app.request('/api/health')
    expect(res.status).toBe(500)
    expect(((await res.json()) as ErrorBody).code).toBe('ERREUR_SERVEUR')
    expect(errors).toEqual([{ message: expect.any(String) as string, fields: { erreur: 'TypeError', route: 'GET /api/health' } }])
    expect(JSON.stringify(errors)).not.toContain('Dupont')
  })

  it('refuses the admin routes to a caller without a loopback socket', async () => {
    const { app } = createSandboxApp({
      store: createSeedStore({ seed: 3, today: TODAY }),
      renderPdf: () => Promise.resolve(new Uint8Array()),
    })
    const res = await app.request('/__sandbox/faults')
    expect(res.status).toBe(403)
  })
})
