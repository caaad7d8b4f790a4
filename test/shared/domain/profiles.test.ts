import { describe, expect, it } from 'vitest'

import { BaseUrl, ProfileInput, ConnectionTestInput, baseUrlProblem, profileDbName } from '../../../src-shared/domain/profiles'

describe('connection profile schemas', () => {
  it.each([
    ['https://paie.cabinet.fr', null],
    ['https://paie.cabinet.fr:8443/api-gateway', null],
    ['http://127.0.0.1:8787', null],
    ['http://localhost:8787', null],
    ['http://[::1]:8787', null],
    ['http://paie.cabinet.fr', 'https requis hors de la machine locale'],
    ['ftp://paie.cabinet.fr', 'adresse illisible'],
    ['https://user:pw@paie.cabinet.fr', 'identifiants dans l’adresse'],
    ['https://paie.cabinet.fr/?x=1', 'paramètres dans l’adresse'],
    ['https://paie.cabinet.fr/#frag', 'paramètres dans l’adresse'],
    ['https://', 'adresse illisible'],
    ['paie.cabinet.fr', 'adresse illisible'],
    ['https://paie cabinet.fr', 'adresse illisible'],
  ])('base URL %s → %s', (raw, problem) => {
    expect(baseUrlProblem(raw)).toBe(problem)
  })

  it('trims the URL and drops trailing slashes; refuses with a French message', () => {
    expect(BaseUrl.parse('  https://paie.cabinet.fr///  ')).toBe('https://paie.cabinet.fr')
    const refused = BaseUrl.safeParse('http://paie.cabinet.fr')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toMatch(/^Adresse du service invalide/)
  })

  it('requires a name, a client id and, for a new profile, accepts a secret; refuses unknown keys', () => {
    expect(ProfileInput.safeParse({ nom: ' ', baseUrl: 'https://a.fr', clientId: 'c' }).error?.issues[0]?.message).toBe(
      'Donnez un nom au profil.',
    )
    expect(ProfileInput.parse({ nom: 'Cabinet', baseUrl: 'https://a.fr/', clientId: ' c ', clientSecret: 's' })).toEqual({
      nom: 'Cabinet',
      baseUrl: 'https://a.fr',
      clientId: 'c',
      clientSecret: 's',
    })
    expect(ProfileInput.safeParse({ nom: 'Cabinet', baseUrl: 'https://a.fr', clientId: 'c', token: 'x' }).success).toBe(false)
    expect(ProfileInput.safeParse({ id: '../etc', nom: 'Cabinet', baseUrl: 'https://a.fr', clientId: 'c' }).success).toBe(false)
  })

  it('tests either a stored profile or typed credentials, nothing in between', () => {
    expect(ConnectionTestInput.safeParse({ id: 'demo' }).success).toBe(true)
    expect(ConnectionTestInput.safeParse({ baseUrl: 'https://a.fr', clientId: 'c', clientSecret: 's' }).success).toBe(true)
    expect(ConnectionTestInput.safeParse({ baseUrl: 'https://a.fr', clientId: 'c' }).success).toBe(false)
    expect(ConnectionTestInput.safeParse({ id: 'demo', clientSecret: 's' }).success).toBe(false)
  })

  it('names one database per profile', () => {
    expect(profileDbName('demo')).toBe('paie-demo')
    expect(profileDbName('p-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe('paie-p-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')
  })
})
