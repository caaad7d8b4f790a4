import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ContratCreate } from '../../../src-shared/api/salaries'
import {
  contratCodeIssues,
  contratRuleIssues,
  milliemes,
  QUOTITE_REFERENCE_TEMPS_PLEIN,
  quotiteMensuelle,
  type ContratCodeLists,
} from '../../../src-shared/domain/contrat-create'
import {
  contratBodyOf,
  ContratFormSchema,
  emptyContratForm,
  validateContratForm,
  type ContratFormValues,
} from '../../../src-shared/domain/contrat-form'

const LISTS: ContratCodeLists = {
  natures_contrat: [{ code: '01' }, { code: '02' }],
  pcs_ese: [{ code: '543a' }, { code: '388a' }],
  professions: [{ code: 'COMPTA' }],
  dispositifs_politique_publique: [{ code: '99' }, { code: '61' }],
  conventions_collectives: [{ code: '1486' }],
}
const CTX = { lists: LISTS, nics: ['00012'], numerosExistants: ['C001'] }

function form(patch: Partial<ContratFormValues> = {}): ContratFormValues {
  return {
    ...emptyContratForm('00012'),
    numero_contrat: 'C002',
    nature_contrat: '01',
    libelle_emploi: 'Comptable',
    pcs_ese: '543a',
    date_debut: '2026-03-02',
    ...patch,
  }
}

function issuesOf(values: ContratFormValues): Record<string, string> {
  const check = validateContratForm(values, CTX)
  return check.ok ? {} : Object.fromEntries(check.issues.map((i) => [i.champ, i.message]))
}

describe('quotiteMensuelle', () => {
  it('turns a week into a month, half up to the hundredth', () => {
    expect(quotiteMensuelle('35')).toBe('151.67')
    expect(QUOTITE_REFERENCE_TEMPS_PLEIN).toBe('151.67')
    expect(quotiteMensuelle('24')).toBe('104')
    expect(quotiteMensuelle('17.5')).toBe('75.83')
    expect(quotiteMensuelle('0')).toBe('0')
  })

  it('stays within half a hundredth of hours × 52 / 12 for any week', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 48_000 }), (th) => {
        const week = `${String(Math.trunc(th / 1000))}.${String(th % 1000).padStart(3, '0')}`
        const got = Number(milliemes(quotiteMensuelle(week))) / 1000
        expect(Math.abs(got - (th / 1000) * (52 / 12))).toBeLessThanOrEqual(0.005 + 1e-9)
      }),
    )
  })
})

describe('the contract creation form', () => {
  it('builds the wire body: working time in hours, the week as its table, quotas from the week', () => {
    const check = validateContratForm(form({ code_profession: 'COMPTA', idcc: '1486' }), CTX)
    expect(check.ok).toBe(true)
    if (!check.ok) return
    expect(ContratCreate.parse(check.body)).toEqual(check.body)
    expect(check.body).toMatchObject({
      numero_contrat: 'C002',
      code_profession: 'COMPTA',
      idcc: '1486',
      date_fin: null,
      dispositif_politique_publique: '99',
      duree_travail: { modalite_temps: '10', unite_mesure: '10', quotite: '151.67', quotite_reference: '151.67' },
    })
    expect(check.body.duree_travail.tableau_horaire).toEqual([1, 2, 3, 4, 5].map((jour) => ({ jour, heures: '7' })))
  })

  it('reads a decimal comma and an empty day as 0', () => {
    const parsed = ContratFormSchema.parse(form({ semaine: ['7,5', '7,5', '7', '7', '6', '', '0'], modalite_temps: '10' }))
    const body = contratBodyOf(parsed)
    expect(body.duree_travail.tableau_horaire).toEqual([
      { jour: 1, heures: '7.5' },
      { jour: 2, heures: '7.5' },
      { jour: 3, heures: '7' },
      { jour: 4, heures: '7' },
      { jour: 5, heures: '6' },
    ])
    expect(body.duree_travail.quotite).toBe('151.67')
  })

  it('says in French what is missing, field by field', () => {
    const issues = issuesOf(form({ numero_contrat: '', nature_contrat: '', libelle_emploi: ' ', pcs_ese: '', date_debut: '' }))
    expect(issues['numero_contrat']).toMatch(/Numéro de contrat/)
    expect(issues['nature_contrat']).toMatch(/liste/)
    expect(issues['libelle_emploi']).toBe('Champ obligatoire')
    expect(issues['pcs_ese']).toMatch(/PCS-ESE/)
    expect(issues['date_debut']).toMatch(/Date/)
  })

  it('names the day whose hours cannot be read', () => {
    expect(issuesOf(form({ semaine: ['7', 'abc', '7', '7', '7', '0', '0'] }))['semaine']).toMatch(/^Mardi : /)
  })

  it('refuses an end before the start and a CDD without planned end', () => {
    expect(issuesOf(form({ date_fin: '2026-03-01' }))['date_fin']).toMatch(/précède sa date de début/)
    expect(issuesOf(form({ nature_contrat: '02' }))['date_fin']).toMatch(/Date de fin prévisionnelle obligatoire/)
    expect(issuesOf(form({ nature_contrat: '02', date_fin: '2026-06-30' }))).toEqual({})
  })

  it('checks the week against the arrangement and the legal maxima', () => {
    expect(issuesOf(form({ semaine: ['7', '7', '7', '7', '0', '0', '0'] }))['semaine']).toMatch(
      /Temps plein : 35 h par semaine au moins \(28 h/,
    )
    expect(issuesOf(form({ modalite_temps: '20' }))['semaine']).toMatch(/Temps partiel : moins de 35 h/)
    expect(issuesOf(form({ modalite_temps: '20', semaine: ['4', '4', '4', '4', '4', '0', '0'] }))).toEqual({})
    expect(issuesOf(form({ semaine: ['13', '7', '7', '7', '7', '0', '0'] }))['semaine']).toMatch(/13 h le lundi : 12 h par jour au plus/)
    expect(issuesOf(form({ semaine: ['10', '10', '10', '10', '10', '0', '0'] }))['semaine']).toMatch(/50 h par semaine : 48 h au plus/)
    expect(issuesOf(form({ semaine: ['0', '0', '0', '0', '0', '0', '0'] }))['semaine']).toMatch(/Aucune heure/)
  })

  it('refuses a code absent from its cached list, an establishment of another dossier and a number already used', () => {
    const issues = issuesOf(form({ pcs_ese: '999z', code_profession: 'PILOTE', idcc: '3248', nic: '00020', numero_contrat: 'C001' }))
    expect(issues['pcs_ese']).toBe('Code 999z absent de la liste des PCS-ESE.')
    expect(issues['code_profession']).toMatch(/PILOTE absent de la liste des professions/)
    expect(issues['idcc']).toMatch(/3248 absent de la liste des conventions collectives/)
    expect(issues['nic']).toMatch(/n’appartient pas au dossier/)
    expect(issues['numero_contrat']).toMatch(/existe déjà/)
  })
})

describe('the rules on a wire body', () => {
  const body = (): ContratCreate => {
    const check = validateContratForm(form(), CTX)
    if (!check.ok) throw new Error('form')
    return check.body
  }

  it('refuses a quota that is not the week as a month', () => {
    const b = body()
    const issues = contratRuleIssues({ ...b, duree_travail: { ...b.duree_travail, quotite: '140' } })
    expect(issues).toEqual([
      { champ: 'duree_travail.quotite', code: 'DUREE_INCOHERENTE', message: expect.stringMatching(/151.67/) as string },
    ])
  })

  it('checks no week for a unit other than the hour or without a table', () => {
    const b = body()
    expect(contratRuleIssues({ ...b, duree_travail: { ...b.duree_travail, unite_mesure: '20', quotite: '218' } })).toEqual([])
    expect(contratRuleIssues({ ...b, duree_travail: { ...b.duree_travail, tableau_horaire: null } })).toEqual([])
  })

  it('leaves a list it was not given unchecked', () => {
    expect(contratCodeIssues({ ...body(), pcs_ese: '999z' }, {})).toEqual([])
    expect(contratCodeIssues({ ...body(), pcs_ese: '999z' }, LISTS).map((i) => i.code)).toEqual(['CODE_INCONNU'])
  })
})
