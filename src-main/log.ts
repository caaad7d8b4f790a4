/**
 * The main process's only logger, backed by electron-log.
 *
 * - In the app (Electron main process), electron-log's main entry writes `{userData}/logs/main.log` and the console.
 * - Where Electron is absent (unit tests, sandbox CLI, end-to-end harness), its Node entry is used: console only, and a
 *   file once {@link configureLogFile} names one.
 * Every message and field value goes through `redact` (src-shared/redaction.ts) before any transport sees it, so
 * NIR, IBAN, BIC, amounts and tokens never reach a log even when a caller passes them by mistake. Callers still pass
 * codes and identifiers only: redaction is the safety net, not the licence.
 */
import electronLog from 'electron-log'

import { formatLogLine, redact, type LogFields } from '../src-shared/redaction'

export { formatLogLine, type LogFields }

/** Short description of a thrown value: `'TypeError: x is not a function'`; never its enumerable fields. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return typeof error === 'string' ? error : 'valeur non-Error levée'
}

type Level = 'info' | 'warn' | 'error'

const isElectronMain = (process as NodeJS.Process & { type?: string }).type === 'browser'

// Console: look `console[level]` up at call time (electron-log binds the methods when it loads, which would bypass
// test spies), and keep the plain text: the time stamp is the terminal's business.
electronLog.transports.console.format = '{text}'
electronLog.transports.console.writeFn = ({ message }) => {
  const level: Level = message.level === 'error' || message.level === 'warn' ? message.level : 'info'
  // eslint-disable-next-line no-console -- this module is the console's single entry point
  console[level](...(message.data as unknown[]))
}
// Outside Electron, no file until one is configured (tests must not write into the user's profile).
if (!isElectronMain) electronLog.transports.file.level = false
// Safety net for anything else that writes through electron-log directly (e.g. electron-updater's logger).
electronLog.hooks.push((message) => ({
  ...message,
  data: message.data.map((item: unknown) => (typeof item === 'string' ? redact(item) : item)),
}))

/**
 * Sends the log to `path` too (created with its folders if missing; lines appended). Used by the sandbox CLI and the
 * end-to-end harness; the app keeps electron-log's default `{userData}/logs/main.log`. `null` stops file logging
 * outside Electron.
 */
export function configureLogFile(path: string | null): void {
  if (path === null) {
    electronLog.transports.file.level = isElectronMain ? 'info' : false
    return
  }
  electronLog.transports.file.resolvePathFn = () => path
  electronLog.transports.file.level = 'info'
}

/** Silences the console (the file, if any, still receives every line): for noisy end-to-end runs. */
export function setConsoleLogging(enabled: boolean): void {
  electronLog.transports.console.level = enabled ? 'info' : false
}

function write(level: Level, message: string, fields: LogFields | undefined): void {
  electronLog[level](formatLogLine(message, fields))
}

/** Logger of the main process: `log.info('Synchronisation : lot traité', { synced: 3 })`. */
export const log = {
  info(message: string, fields?: LogFields): void {
    write('info', message, fields)
  },
  warn(message: string, fields?: LogFields): void {
    write('warn', message, fields)
  },
  error(message: string, fields?: LogFields): void {
    write('error', message, fields)
  },
}
