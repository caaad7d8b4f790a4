/**
 * Pure parts of the sandbox: rate-limit windows, tokens, request parsing helpers, half-day overlap, money,
 * presence over a period, paging, seeded randomness, CLI arguments.
 */
import { describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../src-sandbox/cli'
import { createFaultController } from '../../src-sandbox/faults'
import { absencesOverlap } from '../../src-sandbox/handlers/absences'
import { checkEvpFormat } from '../../src-sandbox/handlers/evp'
import { foldText, paginate, periodEnd } from '../../src-sandbox/handlers/lists'
import { applyRate, fromCents, toCents } from '../../src-sandbox/handlers/money'
import { matchesRecherche } from '../../src-sandbox/handlers/salaries'
import { listedOver } from '../../src-shared/domain/presence'
import { SandboxRefusal } from '../../src-sandbox/http/errors'
import { bodyValue, issuePath, queryObject } from '../../src-sandbox/http/parse'
import { mulberry32 } from '../../src-shared/random'
import { createRateLimiter } from '../../src-sandbox/http/rate-limit'
import { bearerToken, createTokenRegistry } from '../../src-sandbox/http/tokens'
import type { CodeEvp } from '../../src-shared/api/codification'
import type { SalarieDetail } from '../../src-shared/api/salaries'

describe('fixed-window rate limiter', () => {
  it('counts per key, answers the RateLimit-* headers and reopens after the window', () => {
    let now = 10_000
    const limiter = createRateLimiter({ limit: 2, windowMs: 2500 }, () => now)
    const first = limiter.hit('a')
    expect(first.allowed).toBe(true)
    expect(first.headers).toEqual({
      'RateLimit-Limit': '2',
      'RateLimit-Remaining': '1',
      'RateLimit-Reset': '3',
      'RateLimit-Policy': '2;w=3',
    })
    expect(limiter.hit('a').allowed).toBe(true)
    now += 1000
    const third = limiter.hit('a')
    expect(third.allowed).toBe(false)
    expect(third.headers['RateLimit-Remaining']).toBe('0')
    expect(third.resetSeconds).toBe(2)
    expect(limiter.hit('b').allowed).toBe(true)
    now += 1499
    expect(limiter.hit('a').resetSeconds).toBe(1)
    now += 1
    expect(limiter.hit('a').allowed).toBe(true)
  })
})

describe('token registry', () => {
  it('issues distinct random tokens that expire with the real clock or all at once', () => {
    let now = 0
    const tokens = createTokenRegistry(() => now)
    const grant = { clientId: 'c', matriculeUtilisateur: 'GP001', droits: ['absences' as const] }
    const a = tokens.issue(grant, 60)
    const b = tokens.issue(grant, 60)
    expect(a).not.toBe(b)
    expect(a.length).toBeGreaterThanOrEqual(40)
    expect(tokens.lookup(a).kind).toBe('valid')
    now = 60_000
    expect(tokens.lookup(a).kind).toBe('expired')
    const c = tokens.issue(grant, 60)
    tokens.expireAll()
    expect(tokens.lookup(c).kind).toBe('expired')
    expect(tokens.lookup(tokens.issue(grant, 60)).kind).toBe('valid')
    expect(tokens.lookup('inconnu').kind).toBe('unknown')
  })

  it('reads a bearer token only from a well-formed header', () => {
    expect(bearerToken('Bearer abc.DEF-123_~+/=')).toBe('abc.DEF-123_~+/=')
    expect(bearerToken('bearer xyz')).toBe('xyz')
    expect(bearerToken(undefined)).toBeNull()
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull()
    expect(bearerToken('Bearer')).toBeNull()
    expect(bearerToken('Bearer a b')).toBeNull()
  })
})

describe('request parsing helpers', () => {
  it('spells chemins with dots and indexes', () => {
    expect(issuePath('body', ['salaries', 2, 'iban'])).toBe('body.salaries[2].iban')
    expect(issuePath('query', ['du'])).toBe('query.du')
    expect(issuePath('body', [])).toBe('body')
  })

  it('turns repeated query keys into arrays and single ones into strings', () => {
    expect(queryObject({ nic: ['00012', '00020'], du: ['2026-01-01'], vide: [] })).toEqual({ nic: ['00012', '00020'], du: '2026-01-01' })
  })

  it('reads empty, form and JSON bodies, and refuses unreadable JSON with chemin body', () => {
    expect(bodyValue('', 'application/json', false)).toEqual({})
    expect(bodyValue('a=1&b=x%20y', 'application/x-www-form-urlencoded; charset=utf-8', true)).toEqual({ a: '1', b: 'x y' })
    expect(bodyValue('{"a":1}', 'application/x-www-form-urlencoded', false)).toEqual({ a: 1 })
    expect(bodyValue('{"a":1}', undefined, true)).toEqual({ a: 1 })
    try {
      bodyValue('{a', 'application/json', false)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(SandboxRefusal)
      expect((error as SandboxRefusal).statut).toBe(400)
      expect((error as SandboxRefusal).options.erreurs?.[0]?.chemin).toBe('body')
    }
  })
})

describe('absence overlap in half days', () => {
  const abs = (date_debut: string, date_fin: string, demi_journee_debut = false, demi_journee_fin = false) => ({
    date_debut,
    date_fin,
    demi_journee_debut,
    demi_journee_fin,
  })

  it('lets a morning end and an afternoon start share a day', () => {
    expect(absencesOverlap(abs('2026-03-02', '2026-03-04', false, true), abs('2026-03-04', '2026-03-06', true, false))).toBe(false)
  })

  it('sees overlap when the second starts in the morning of the last day', () => {
    expect(absencesOverlap(abs('2026-03-02', '2026-03-04', false, true), abs('2026-03-04', '2026-03-06'))).toBe(true)
    expect(absencesOverlap(abs('2026-03-02', '2026-03-04'), abs('2026-03-04', '2026-03-06', true))).toBe(true)
  })

  it('separates consecutive days and detects inclusion', () => {
    expect(absencesOverlap(abs('2026-03-02', '2026-03-03'), abs('2026-03-04', '2026-03-04'))).toBe(false)
    expect(absencesOverlap(abs('2026-03-01', '2026-03-31'), abs('2026-03-10', '2026-03-10', true))).toBe(true)
  })
})

describe('money in integer cents', () => {
  it('converts both ways and rounds rates half away from zero', () => {
    expect(toCents('1234.5')).toBe(123450)
    expect(toCents('-0.05')).toBe(-5)
    expect(toCents('7')).toBe(700)
    expect(fromCents(123450)).toBe('1234.50')
    expect(fromCents(-5)).toBe('-0.05')
    expect(applyRate(1050, 5000)).toBe(525)
    expect(applyRate(1, 5000)).toBe(1)
    expect(applyRate(-1, 5000)).toBe(-1)
    expect(() => toCents('12,50')).toThrow()
  })
})

describe('employee presence and search', () => {
  const s = {
    matricule: 'A0042',
    nom: 'Lefèvre',
    prenom: 'Éloïse',
    nom_usage: null,
    date_entree: '2024-03-01',
    date_sortie: '2025-06-30',
    contrats: [{ numero_contrat: 'C1', nature_contrat: '01', date_debut: '2021-01-01', date_fin: '2021-12-31' }],
  } as unknown as SalarieDetail

  it('lists an employee over [du, au] by the one presence rule: his contracts, cut at his exit date, decide', () => {
    const listed = (du: string | undefined, au: string | undefined): boolean => listedOver(s, { du, au })
    // Employed 2024-03 … 2025-06 but his only contract listed is of 2021: the contract decides (rule 5).
    expect(listed('2025-06-01', '2025-06-30')).toBe(false)
    expect(listed('2025-07-01', undefined)).toBe(false)
    expect(listed(undefined, '2024-02-29')).toBe(true)
    expect(listed('2022-01-01', '2024-02-29')).toBe(false)
    expect(listed('2021-06-01', '2021-06-30')).toBe(true)
    expect(listed(undefined, undefined)).toBe(true)
  })

  it('searches names and matricule without case or accents', () => {
    expect(foldText('ÉLOÏSE Lefèvre')).toBe('eloise lefevre')
    expect(matchesRecherche(s, 'eloise')).toBe(true)
    expect(matchesRecherche(s, 'LEFEVRE')).toBe(true)
    expect(matchesRecherche(s, 'eloise lefevre')).toBe(true)
    expect(matchesRecherche(s, 'a004')).toBe(true)
    expect(matchesRecherche(s, 'martin')).toBe(false)
  })
})

describe('paging and periods', () => {
  it('pages 1-based with 50 by default and counts every match', () => {
    const items = Array.from({ length: 120 }, (_, i) => i)
    expect(paginate(items, {})).toMatchObject({ page: 1, taille: 50, total: 120 })
    expect(paginate(items, { page: 3 }).elements).toEqual(items.slice(100))
    expect(paginate(items, { page: 4, taille: 50 }).elements).toEqual([])
  })

  it('knows the last day of a month, leap years included', () => {
    expect(periodEnd('2024-02')).toBe('2024-02-29')
    expect(periodEnd('2026-02')).toBe('2026-02-28')
    expect(periodEnd('2026-12')).toBe('2026-12-31')
  })
})

describe('EVP value format', () => {
  const code = { code: 'HS25', libelle: 'Heures sup. 25 %', format: 'quantite' } as CodeEvp
  const none = { quantite: null, taux: null, montant: null, valeur_texte: null }

  it('wants the format’s fields and no other', () => {
    expect(() => {
      checkEvpFormat(code, { ...none, quantite: '3' })
    }).not.toThrow()
    for (const [values, chemin] of [
      [none, 'body.quantite'],
      [{ ...none, quantite: '3', montant: '10.00' }, 'body.montant'],
    ] as const) {
      try {
        checkEvpFormat(code, values)
        expect.unreachable()
      } catch (error) {
        expect((error as SandboxRefusal).statut).toBe(422)
        expect((error as SandboxRefusal).options.erreurs?.[0]).toMatchObject({ chemin, code: 'FORMAT_VALEUR' })
      }
    }
  })
})

describe('seeded randomness and fault switches', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    const c = mulberry32(43)
    const seqA = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(seqA)
    expect([c(), c(), c()]).not.toEqual(seqA)
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true)
  })

  it('counts down a 429 burst, refuses out-of-range switches and resets to the start settings', () => {
    const faults = createFaultController({ latencyMs: 5 }, 1, () => undefined)
    faults.set({ burst429: 2 })
    expect([faults.takeBurst(), faults.takeBurst(), faults.takeBurst()]).toEqual([true, true, false])
    expect(() => faults.set({ errorRate: 2 })).toThrow()
    expect(faults.chance(0)).toBe(false)
    expect(faults.chance(1)).toBe(true)
    faults.set({ latencyMs: 99 })
    expect(faults.reset().latencyMs).toBe(5)
  })
})

describe('CLI arguments', () => {
  it('reads --port and --seed, with defaults', () => {
    expect(parseCliArgs([])).toEqual({ port: 8787, seed: 1 })
    expect(parseCliArgs(['--port', '9000', '--seed=7'])).toEqual({ port: 9000, seed: 7 })
    expect(parseCliArgs(['--today', '2026-11-16', '--store-file=/tmp/s.json'])).toEqual({
      port: 8787,
      seed: 1,
      today: '2026-11-16',
      storeFile: '/tmp/s.json',
    })
    expect(() => parseCliArgs(['--today', '16/11/2026'])).toThrow(/AAAA-MM-JJ/)
    expect(parseCliArgs(['--no-rate-limit'])).toEqual({ port: 8787, seed: 1, noRateLimit: true })
    expect(() => parseCliArgs(['--port', 'x'])).toThrow(/--port/)
    expect(() => parseCliArgs(['--verbose'])).toThrow(/inconnue/)
    expect(() => parseCliArgs(['--port', '70000'])).toThrow(/65535/)
  })
})
