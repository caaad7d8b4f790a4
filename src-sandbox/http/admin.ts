/**
 * Admin routes of the sandbox, outside the published API and reachable only from the loopback interface:
 *   GET  /__sandbox/faults          current fault switches;
 *   PUT  /__sandbox/faults          changes some switches (body: some or all FaultSettings), answers the new ones;
 *   GET  /__sandbox/fault-counts    faults injected since start, by kind (FaultCounts);
 *   POST /__sandbox/expire-tokens   every issued token becomes expired (401 JETON_EXPIRE), answers 204;
 *   POST /__sandbox/reset           fresh seed data, fault switches as at start, rate-limit windows cleared
 *                                   (issued tokens stay valid), answers 204.
 * A caller from another address gets 403 ACCES_REFUSE.
 */
import type { Hono } from 'hono'
import type { z } from 'zod'
import { FaultSettingsPatch, type FaultController } from '../faults'
import { SandboxRefusal, requeteInvalide, type ErrorDetail } from './errors'
import { isLoopbackAddress } from './loopback'
import { remoteAddress } from './node'
import type { SandboxEnv } from './operations'
import { bodyValue, parseInto } from './parse'
import { errorResponse } from './respond'

/** What the admin routes act on. */
export interface AdminDeps {
  readonly faults: FaultController
  /** Replaces the store's data by a fresh seed, clears rate-limit windows, resets the fault switches. */
  readonly reset: () => void
}

/** Registers the admin routes (and their loopback guard) on `app`. */
export function registerAdminRoutes(app: Hono<SandboxEnv>, deps: AdminDeps): void {
  app.use('/__sandbox/*', async (c, next) => {
    if (!isLoopbackAddress(remoteAddress(c))) {
      return errorResponse(new SandboxRefusal(403, 'ACCES_REFUSE', 'Administration du bac à sable réservée à la machine locale.'))
    }
    await next()
    return undefined
  })
  app.get('/__sandbox/faults', (c) => c.json(deps.faults.get()))
  app.put('/__sandbox/faults', async (c) => {
    const errors: ErrorDetail[] = []
    const patch = parseInto(FaultSettingsPatch, bodyValue(await c.req.text(), c.req.header('content-type'), false), 'body', errors)
    if (errors.length > 0) return errorResponse(requeteInvalide(errors))
    return c.json(deps.faults.set(patch as z.output<typeof FaultSettingsPatch>))
  })
  app.get('/__sandbox/fault-counts', (c) => c.json(deps.faults.counts()))
  app.post('/__sandbox/expire-tokens', (c) => {
    deps.faults.expireTokens()
    deps.faults.count('tokensExpired')
    return c.body(null, 204)
  })
  app.post('/__sandbox/reset', (c) => {
    deps.reset()
    return c.body(null, 204)
  })
}
