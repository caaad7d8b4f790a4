import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import electronLog from 'electron-log'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureLogFile, describeError, formatLogLine, log } from '../../src-main/log'

const NIR = '1 84 12 76 451 089 46'
const IBAN = 'FR76 3000 6000 0112 3456 7890 189'

describe('log (electron-log, redacted)', () => {
  const dirs: string[] = []
  afterEach(() => {
    configureLogFile(null)
    vi.restoreAllMocks()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('writes redacted lines, with their level, to the configured file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paie-log-'))
    dirs.push(dir)
    const file = join(dir, 'nested', 'main.log')
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    configureLogFile(file)

    log.warn(`Salarié ${NIR} IBAN ${IBAN}`, { code: 'JETON_EXPIRE', montant: '2500.00', authorization: 'Bearer abc' })
    log.info('Synchronisation : lot traité', { synced: 3 })

    const text = readFileSync(file, 'utf8')
    expect(text).toMatch(
      /\[warn\] +Salarié \[NIR\] IBAN \[IBAN\] \{"code":"JETON_EXPIRE","montant":"\[MONTANT\]","authorization":"\[SECRET\]"\}/,
    )
    expect(text).toMatch(/\[info\] +Synchronisation : lot traité \{"synced":3\}/)
    expect(text).not.toContain('451')
    expect(text).not.toContain('2500')
  })

  it('writes the same redacted text to the console, looked up at call time', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    log.error('Refus', { cause: describeError(new Error(`IBAN ${IBAN} invalide`)) })
    expect(error).toHaveBeenCalledExactlyOnceWith('Refus {"cause":"Error: IBAN [IBAN] invalide"}')
  })

  it('redacts what other modules write through electron-log directly (electron-updater, for one)', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    electronLog.info(`jeton Bearer ${'a1B2'.repeat(11)}`)
    expect(info).toHaveBeenCalledExactlyOnceWith('jeton Bearer [SECRET]')
  })

  it('writes no file outside Electron until one is configured', () => {
    expect(electronLog.transports.file.level).toBe(false)
  })

  it('formats message and fields as one line', () => {
    expect(formatLogLine('a', undefined)).toBe('a')
    expect(formatLogLine('a', { b: 1 })).toBe('a {"b":1}')
  })
})
