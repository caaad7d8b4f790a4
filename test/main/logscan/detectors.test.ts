import { describe, expect, it } from 'vitest'
import { formatLogLine } from '../../../src-main/log'
import { createSeedStore } from '../../../src-sandbox/store/seed'
import { collectIdentifiers, scanLogText, type KnownValues } from '../../logscan/detectors'

const none: KnownValues = { identifiers: [], secrets: [] }
const TOKEN = 'q7Xk2mZpL0vR9sT3uW8yA1bC4dE6fG5hJ2kL3mN4oP5'

describe('log scan detectors', () => {
  it.each([
    ['nir', 'salarié 1 84 12 76 451 089 46 créé'],
    ['nir', 'nir=269052A00401228'],
    ['iban', 'IBAN FR76 3000 6000 0112 3456 7890 189 refusé'],
    ['iban', 'iban:DE89370400440532013000'],
    ['bic', 'BIC BNPAFRPPXXX'],
    ['montant', 'salaire 2500.00'],
    ['montant', 'prime 1 234,5 €'],
    ['secret', 'Authorization: Bearer abcdefgh12345678'],
    ['secret', '{"client_secret":"xyz123"}'],
    ['secret', 'jwt eyJhbGciOi.eyJzdWIiOiIx.sig'],
  ] as const)('finds a %s in %j', (kind, line) => {
    expect(scanLogText(`[2026-11-22 08:21:58.705] [warn]  ${line}`, none).map((finding) => finding.kind)).toContain(kind)
  })

  it('finds known values (seed identifiers spaced differently, issued tokens, the demo secret)', () => {
    const known: KnownValues = { identifiers: ['FR7630006000011234567890189'], secrets: [TOKEN, 'demo-secret-sandbox'] }
    const text = ['a FR76-3000-6000-0112-3456-7890-189', `b ${TOKEN}`, 'c secret demo-secret-sandbox'].join('\n')
    expect(scanLogText(text, known).map((finding) => [finding.kind, finding.line])).toEqual(
      expect.arrayContaining([
        ['donnee-connue', 1],
        ['jeton', 2],
        ['jeton', 3],
      ]),
    )
  })

  it('never puts the value itself in a finding', () => {
    const [finding] = scanLogText('nir 184127645108946', none)
    expect(finding?.excerpt).toBe('999999999999999')
  })

  it('passes the lines the logger writes, even when callers pass personal data by mistake', () => {
    const line = formatLogLine('Salarié 1 84 12 76 451 089 46, IBAN FR76 3000 6000 0112 3456 7890 189, BIC BNPAFRPP, 2 500,00 €', {
      authorization: `Bearer ${TOKEN}`,
      detail: `client_secret=demo-secret-sandbox jeton ${TOKEN}`,
      salaireBrut: '2500.00',
      code: 'JETON_EXPIRE',
      durationMs: 1250,
    })
    expect(
      scanLogText(`[2026-11-22 08:21:58.705] [warn]  ${line}`, {
        identifiers: ['184127645108946'],
        secrets: [TOKEN, 'demo-secret-sandbox'],
      }),
    ).toEqual([])
  })

  it('passes ordinary log lines (codes, counts, URLs, versions, time stamps)', () => {
    const text = [
      '[2026-11-22 08:21:58.705] [info]  Synchronisation : lot traité {"synced":12,"rejected":0,"unknown":1,"requeue":0,"pause":null,"categoriesEnPause":0}',
      '[2026-11-22 08:21:59.010] [warn]  Synchronisation : envoi suspendu {"code":"SERVICE_INDISPONIBLE","status":503,"retryAfterMs":30000}',
      '[2026-11-22 08:22:00.000] [info]  Mode démo {"url":"http://127.0.0.1:40123","version":"0.1.0","siren":"832147607"}',
    ].join('\n')
    expect(scanLogText(text, none)).toEqual([])
  })

  it('collects the NIR, IBAN and BIC of the sandbox seed', () => {
    const identifiers = collectIdentifiers(createSeedStore({ seed: 1, today: '2026-11-16' }))
    expect(identifiers.some((value) => /^[12]\d{14}$|^[12]\d{4}2[AB]\d{8}$/.test(value))).toBe(true)
    expect(identifiers.some((value) => /^FR\d{2}/.test(value))).toBe(true)
    expect(identifiers.some((value) => /^[A-Z]{6}[A-Z0-9]{2}/.test(value))).toBe(true)
  })
})
