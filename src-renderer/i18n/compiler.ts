/**
 * vue-i18n's own message compiler (`compile` of @intlify/core-base, the one vue-i18n registers), behind a cache that
 * is cheap to look up.
 *
 * vue-i18n calls its compiler at every `t()` of a text message, and the compiler looks its cache up under a key it
 * builds each time: `JSON.stringify({ l: locale, k: key, s: source })` and three regular expressions over it. A screen
 * of rows calls `t()` hundreds of times: 13 ms of the cabinet's first render and 21 ms of a dossier switch went to
 * building those keys (docs/performance.md, "The home's first dates, vue-i18n's cache keys and Dexie's versions").
 * This cache is keyed by locale, then key, and checks the source: the same triple as vue-i18n's, so `t()` returns the
 * same message function, compiled once by the same compiler; a message replaced at run time (`setLocaleMessage`) is
 * compiled again.
 *
 * What is not a text message (an AST from a bundler plugin) goes to `compile` unchanged. A message that does not
 * compile throws from `compile` (vue-i18n's `onError`), so it is never cached, as in vue-i18n.
 */
import { compile } from '@intlify/core-base'
import type { MessageCompiler, MessageCompilerContext, MessageFunction } from '@intlify/core-base'

/** A text message compiled: the source it was compiled from, and its function. */
interface Compiled {
  readonly source: string
  readonly message: MessageFunction
}

/**
 * Creates the compiler given to `createI18n` (`messageCompiler`), with a cache of its own (one per i18n instance, so
 * that tests do not share one).
 * @returns a {@link MessageCompiler}: (message, context) -> the message function; throws what `compile` throws
 */
export function createCachedMessageCompiler(): MessageCompiler {
  /** Compiled text messages by locale, then by key. */
  const byLocale = new Map<string, Map<string, Compiled>>()
  return (message: Parameters<MessageCompiler>[0], context: MessageCompilerContext): MessageFunction => {
    if (typeof message !== 'string') return compile(message, context)
    let byKey = byLocale.get(context.locale)
    if (byKey === undefined) {
      byKey = new Map()
      byLocale.set(context.locale, byKey)
    }
    const hit = byKey.get(context.key)
    if (hit?.source === message) return hit.message
    const compiled = compile<string, string>(message, context)
    byKey.set(context.key, { source: message, message: compiled })
    return compiled
  }
}
