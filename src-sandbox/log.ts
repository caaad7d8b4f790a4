/**
 * The sandbox's own logger: a second program, it does not use the app's electron-log. One redacted line per message
 * (src-shared/redaction.ts `formatLogLine`: no NIR, IBAN, amount or token reaches the terminal): info on stdout,
 * warnings and errors on stderr. Main's demo mode and the end-to-end harness pass their logger instead
 * (`SandboxOptions.logger`), so the sandbox's lines land in the app's log there.
 */
import { formatLogLine, type LogFields } from '../src-shared/redaction'
import type { SandboxLogger } from './http/operations'

function write(stream: NodeJS.WriteStream, message: string, fields: LogFields | undefined): void {
  stream.write(`${formatLogLine(message, fields)}\n`)
}

/** Logger of the sandbox when its host gives none: `npm run sandbox`, tests that do not pass a logger. */
export const sandboxLog: SandboxLogger = {
  info(message, fields) {
    write(process.stdout, message, fields)
  },
  warn(message, fields) {
    write(process.stderr, message, fields)
  },
  error(message, fields) {
    write(process.stderr, message, fields)
  },
}
