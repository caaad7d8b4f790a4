/**
 * The main process's only logger (the one place allowed to use `console`).
 *
 * Messages are fixed French or English sentences; `fields` carry identifiers and codes only. Never pass
 * personal data (NIR, IBAN, salaries, names), request inputs or tokens: they would end up in support logs.
 */
/* eslint-disable no-console -- this module is the console's single entry point */

/** Scalar context attached to a log line (codes, channel names, counts, durations in ms). */
export type LogFields = Readonly<Record<string, string | number | boolean | null>>

/** Short description of a thrown value: `'TypeError: x is not a function'`; never its enumerable fields. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return typeof error === 'string' ? error : 'valeur non-Error levée'
}

function line(message: string, fields: LogFields | undefined): string {
  return fields === undefined ? message : `${message} ${JSON.stringify(fields)}`
}

/** Logger of the main process. */
export const log = {
  info(message: string, fields?: LogFields): void {
    console.info(line(message, fields))
  },
  warn(message: string, fields?: LogFields): void {
    console.warn(line(message, fields))
  },
  error(message: string, fields?: LogFields): void {
    console.error(line(message, fields))
  },
}
