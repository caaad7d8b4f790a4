/**
 * The transport-free half of the IPC layer: given a channel name, a raw input and who sent it, check the
 * sender, parse the input, run the handler, parse its answer and wrap everything in an `IpcResult`.
 *
 * It imports nothing from Electron, so the same handler table is served by `ipcMain.handle` in the app
 * (register.ts) and by Playwright's `exposeBinding` in the end-to-end harness.
 */
import { IPC_ERROR_CODES, ipcChannels } from '../../src-shared/ipc/contract'
import type { ChannelInput, ChannelName, ChannelOutput, ChannelSpec, IpcResult } from '../../src-shared/ipc/contract'
import { frenchZodMessage } from '../../src-shared/domain/validation/schema-issues'
import { isTrustedUrl } from '../shell/origin'
import { errorFromThrown, ipcLayerError } from './errors'
import type { IpcLayerErrorCode } from './errors'

/** Who sent a request, as far as the transport can tell. */
export interface IpcSender {
  /** URL of the sending frame (e.g. `'app://paie/index.html#/'`). */
  readonly url: string
  /** True for a top-level frame, false for an iframe. */
  readonly isMainFrame: boolean
}

/** Second argument of every handler. */
export interface IpcContext {
  /** The channel being served. */
  readonly channel: ChannelName
  /** The (already checked) sender. */
  readonly sender: IpcSender
}

/** Handler of one channel: receives the parsed input, returns the value (parsed again before it leaves main). */
export type IpcHandler<C extends ChannelName> = (input: ChannelInput<C>, context: IpcContext) => Promise<ChannelOutput<C>>

/** One handler per channel of the contract; a missing or extra handler is a compile error. */
export type IpcHandlers = { readonly [C in ChannelName]: IpcHandler<C> }

/** A request that was not answered with `ok: true`, for logging. Carries no input (it may hold personal data). */
export interface IpcFailure {
  /** Channel as received (may be unknown to the contract). */
  readonly channel: string
  /** Envelope error code sent back. */
  readonly code: string
  /** What the handler threw or the output issues, for `ERREUR_INTERNE` only. */
  readonly cause?: unknown
}

/** Options of {@link createIpcDispatcher}. */
export interface IpcDispatcherOptions {
  /** Origins (`scheme://host[:port]`) whose main frame may call; e.g. `['app://paie']`. */
  readonly trustedOrigins: readonly string[]
  /** Called for every failed request (refused sender, unknown channel, bad input, handler error). */
  readonly onFailure?: (failure: IpcFailure) => void
}

/**
 * Serves one request. Never rejects: every failure is an `{ ok: false }` envelope.
 *
 * @param channel name sent by the renderer (untrusted)
 * @param rawInput input sent by the renderer (untrusted)
 * @param sender the sending frame, or `null` when the transport no longer knows it (navigated or destroyed)
 */
export type IpcDispatcher = (channel: string, rawInput: unknown, sender: IpcSender | null) => Promise<IpcResult<unknown>>

type LooseHandler = (input: unknown, context: IpcContext) => Promise<unknown>

/** True when `channel` is a row of the contract (own property only: `'__proto__'` and `'toString'` are not). */
export function isChannelName(channel: string): channel is ChannelName {
  return Object.hasOwn(ipcChannels, channel)
}

/** True when the request comes from a main frame whose URL belongs to one of `trustedOrigins`. */
export function isTrustedSender(sender: IpcSender | null, trustedOrigins: readonly string[]): sender is IpcSender {
  return sender !== null && sender.isMainFrame && isTrustedUrl(sender.url, trustedOrigins)
}

/**
 * Builds the dispatcher for a handler table. Checks, in order: the sender (`EXPEDITEUR_REFUSE`), the channel
 * (`CANAL_INCONNU`), the input against the channel's schema (`ENTREE_INVALIDE`, `details` = zod issues as
 * `{ code, path, message }`, handler not called); then runs the handler and parses its value with the output
 * schema (unknown keys stripped). A thrown `IpcHandlerError` keeps its code and message; anything else, and a
 * value that breaks the contract, answers `ERREUR_INTERNE` with a generic message and no stack.
 */
export function createIpcDispatcher(handlers: IpcHandlers, options: IpcDispatcherOptions): IpcDispatcher {
  function fail(channel: string, code: IpcLayerErrorCode, details?: unknown, cause?: unknown): IpcResult<never> {
    options.onFailure?.(cause === undefined ? { channel, code } : { channel, code, cause })
    return { ok: false, error: ipcLayerError(code, details) }
  }

  return async function dispatch(channel: string, rawInput: unknown, sender: IpcSender | null): Promise<IpcResult<unknown>> {
    if (!isTrustedSender(sender, options.trustedOrigins)) return fail(channel, IPC_ERROR_CODES.expediteurRefuse)
    if (!isChannelName(channel)) return fail(channel, IPC_ERROR_CODES.canalInconnu)

    const spec: ChannelSpec = ipcChannels[channel]
    // French messages where the contract has none of its own (the renderer shows them on the entry's fields).
    const input = spec.input.safeParse(rawInput, { error: frenchZodMessage })
    if (!input.success) {
      const issues = input.error.issues.map(({ code, path, message }) => ({
        code,
        path: path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
        message,
      }))
      return fail(channel, IPC_ERROR_CODES.entreeInvalide, issues)
    }

    const handler = handlers[channel] as LooseHandler
    let value: unknown
    try {
      value = await handler(input.data, { channel, sender })
    } catch (thrown) {
      const error = errorFromThrown(thrown)
      options.onFailure?.({ channel, code: error.code, cause: thrown })
      return { ok: false, error }
    }

    const output = spec.output.safeParse(value)
    if (!output.success) return fail(channel, IPC_ERROR_CODES.erreurInterne, undefined, output.error)
    return { ok: true, value: output.data }
  }
}
