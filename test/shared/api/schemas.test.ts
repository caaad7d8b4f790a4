import { describe, expect, it } from 'vitest'
import { AbsenceCreateDto, EvpCreateDto, FraisProfessionnelCreateDto } from '../../../src-shared/api/entries'
import { Montant, Periode, IsoDate, queryMulti, Nic, PagingQuery } from '../../../src-shared/api/common'
import { CoordonneesBancairesPatchDto } from '../../../src-shared/api/salaries'
import { buildOpenApiDocument } from '../../../src-shared/api/openapi'
import { OPERATION_IDS } from '../../../src-shared/api/endpoints'

const absence = {
  siren: '732829320',
  matricule: 'M001',
  code_absence: 'MAL',
  date_debut: '2026-11-02',
  date_fin: '2026-11-04',
  demi_journee_debut: false,
  demi_journee_fin: false,
}

describe('wire formats', () => {
  it('takes money as a decimal string with at most two decimals', () => {
    expect(Montant.safeParse('1234.5').success).toBe(true)
    expect(Montant.safeParse('12.345').success).toBe(false)
    expect(Montant.safeParse(12.5).success).toBe(false)
    expect(Montant.safeParse('12,50').success).toBe(false)
  })

  it('takes real calendar dates and YYYY-MM periods only', () => {
    expect(IsoDate.safeParse('2028-02-29').success).toBe(true)
    expect(IsoDate.safeParse('2026-02-29').success).toBe(false)
    expect(Periode.safeParse('2026-13').success).toBe(false)
    expect(Periode.safeParse('2026-11').success).toBe(true)
  })

  it('reads multi-valued query parameters given once or repeated', () => {
    const nic = queryMulti(Nic)
    expect(nic.parse('00012')).toEqual(['00012'])
    expect(nic.parse(['00012', '00020'])).toEqual(['00012', '00020'])
    expect(nic.safeParse(['00012', 'x']).success).toBe(false)
  })

  it('reads paging parameters from wire strings and bounds the page size', () => {
    expect(PagingQuery.parse({ page: '2', taille: '100' })).toEqual({ page: 2, taille: 100 })
    expect(PagingQuery.safeParse({ taille: '501' }).success).toBe(false)
    expect(PagingQuery.safeParse({ page: '0' }).success).toBe(false)
  })
})

describe('entry schemas', () => {
  it('refuses an absence that ends before it starts, with the path of the field', () => {
    const r = AbsenceCreateDto.safeParse({ ...absence, date_fin: '2026-11-01' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.path).toEqual(['date_fin'])
  })

  it('refuses both half-day flags on a one-day absence but accepts one', () => {
    const oneDay = { ...absence, date_fin: absence.date_debut }
    expect(AbsenceCreateDto.safeParse({ ...oneDay, demi_journee_debut: true, demi_journee_fin: true }).success).toBe(false)
    expect(AbsenceCreateDto.safeParse({ ...oneDay, demi_journee_fin: true }).success).toBe(true)
  })

  it('needs a value on an EVP and kilometres on a mileage expense', () => {
    const evp = { siren: '732829320', matricule: 'M001', periode: '2026-11', code_evp: 'HS25' }
    expect(EvpCreateDto.safeParse(evp).success).toBe(false)
    expect(EvpCreateDto.safeParse({ ...evp, quantite: '3.5' }).success).toBe(true)
    const frais = {
      siren: '732829320',
      matricule: 'M001',
      periode: '2026-11',
      date: '2026-11-03',
      type_frais: 'indemnites_kilometriques',
      montant: '45.20',
    }
    expect(FraisProfessionnelCreateDto.safeParse(frais).success).toBe(false)
    expect(FraisProfessionnelCreateDto.safeParse({ ...frais, kilometres: '70' }).success).toBe(true)
  })

  it('checks IBAN and BIC in the bank-details PATCH', () => {
    const ok = { salaries: [{ matricule: 'M001', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', titulaire: 'Jeanne Martin' }] }
    expect(CoordonneesBancairesPatchDto.safeParse(ok).success).toBe(true)
    const bad = CoordonneesBancairesPatchDto.safeParse({ salaries: [{ ...ok.salaries[0], iban: 'FR7630006000011234567890188' }] })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.path).toEqual(['salaries', 0, 'iban'])
  })
})

describe('OpenAPI document', () => {
  it('has one operation per row of the endpoint table, with its operationId', () => {
    const doc = buildOpenApiDocument('http://127.0.0.1:1') as { paths: Record<string, Record<string, { operationId: string }>> }
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId))
    expect(ids.sort()).toEqual([...OPERATION_IDS].sort())
  })
})
