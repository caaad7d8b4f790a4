/**
 * Middlewares of the sandbox. On every answer: the `Date` header from the sandbox clock. On the /api routes, in
 * order: latency (fault switch), rate limit (headers on every answer, 429 over the limit), 429 bursts and injected
 * 5xx (fault switches, before any handler runs: nothing is committed).
 */
import type { MiddlewareHandler } from 'hono'
import type { FaultController } from '../faults'
import { clientIdOf } from './auth'
import { nodeBindings, remoteAddress, sleep } from './node'
import type { SandboxEnv } from './operations'
import type { RateLimiter } from './rate-limit'
import { errorResponse, injectedFailure, tooManyRequests } from './respond'
import type { TokenRegistry } from './tokens'

/** Header @hono/node-server puts on a response it must not write (the handler already wrote or cut it). */
const ALREADY_SENT = 'x-hono-already-sent'

/**
 * Puts `Date` (RFC 9110 §6.6.1, IMF-fixdate) on every answer, read from the sandbox clock `now` when the answer
 * leaves the app, so a client can estimate the service's clock (`--today` shifts it). Node's own `Date` (real
 * clock) is turned off for these answers, so there is exactly one. Answers written straight to the socket by a
 * fault switch put their own (see operations.ts).
 */
export function serverDateMiddleware(now: () => Date): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const node = nodeBindings(c)
    if (node !== null) node.outgoing.sendDate = false
    await next()
    if (c.res.headers.has(ALREADY_SENT)) return undefined
    c.res.headers.set('Date', now().toUTCString())
    return undefined
  }
}

/** Waits the configured latency (plus jitter) before the request goes on. */
export function latencyMiddleware(faults: FaultController): MiddlewareHandler<SandboxEnv> {
  return async (_c, next) => {
    const ms = faults.nextLatencyMs()
    if (ms > 0) {
      faults.count('latencyMs', ms)
      await sleep(ms)
    }
    await next()
  }
}

/**
 * Fixed-window limit per client (the client_id of a valid bearer token) or, before authentication, per remote
 * address. Puts the RateLimit-* headers on every answer; over the limit answers 429 TROP_DE_REQUETES with
 * `Retry-After` (whole seconds until the window resets). `limiter` null: no limit and no headers.
 */
export function rateLimitMiddleware(limiter: RateLimiter | null, tokens: TokenRegistry): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (limiter === null) {
      c.set('rateHeaders', {})
      await next()
      return undefined
    }
    const clientId = clientIdOf(c.req.header('authorization'), tokens)
    const key = clientId === null ? `ip:${remoteAddress(c) ?? 'inconnue'}` : `client:${clientId}`
    const decision = limiter.hit(key)
    c.set('rateHeaders', decision.headers)
    if (!decision.allowed) {
      return errorResponse(tooManyRequests(decision.resetSeconds), decision.headers)
    }
    await next()
    if (c.res.headers.has(ALREADY_SENT)) return undefined
    for (const [name, value] of Object.entries(decision.headers)) c.res.headers.set(name, value)
    return undefined
  }
}

/**
 * Fault switches answered before the handler: a pending 429 burst (`Retry-After: burstRetryAfterSeconds`), then
 * the `errorRate` draw (500 from the server, 502/503 from the proxy).
 */
export function faultMiddleware(faults: FaultController): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const settings = faults.get()
    if (faults.takeBurst()) {
      faults.count('burst429')
      return errorResponse(tooManyRequests(settings.burstRetryAfterSeconds), c.get('rateHeaders'))
    }
    if (faults.chance(settings.errorRate)) {
      const failure = injectedFailure(faults.random())
      faults.count(`error${failure.statut}`)
      return errorResponse(failure, c.get('rateHeaders'))
    }
    await next()
    return undefined
  }
}
