/**
 * GP/employer visibility of the codifications (src-shared/domain/validation/visibility.ts, docs/api-assumptions.md
 * #43): which codes the cabinet enters, who sees them, and the offline refusal of a code the cabinet does not see.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { CodeEvp, CodePrimeIndemnite } from '../../../src-shared/api/codification'
import { Dossier } from '../../../src-shared/api/dossiers'
import { Salarie } from '../../../src-shared/api/salaries'
import { audienceOf, offeredForEntry, validateEntry, type ValidationContext } from '../../../src-shared/domain/validation'

const SIREN = '732829320'
const dossier = Dossier.parse({
  siren: SIREN,
  raison_sociale: 'Boulangerie Martin',
  code_naf: '1071C',
  idcc: '0843',
  periode_paie_en_cours: '2026-11',
  etablissements: [
    { nic: '00017', siret: `${SIREN}00017`, denomination: 'Martin', adresse: '1 rue', code_postal: '69001', commune: 'Lyon', siege: true },
  ],
})
const salarie = Salarie.parse({
  matricule: 'M001',
  siren: SIREN,
  nic: '00017',
  nom: 'Durand',
  prenom: 'Jeanne',
  nom_usage: null,
  date_naissance: '1990-04-12',
  date_entree: '2020-01-01',
  date_sortie: null,
  email: null,
  coffre_active: false,
  contrats: [{ numero_contrat: 'C1', nature_contrat: '01', date_debut: '2020-01-01', date_fin: null }],
})

function evpCode(code: string, gp: boolean, employeur: boolean, masque = false): CodeEvp {
  return CodeEvp.parse({
    code,
    libelle: `Libellé ${code}`,
    libelle_court: code,
    famille: 'primes',
    format: 'montant',
    unite: 'euros',
    ordre: 10,
    masque,
    visibilite: { gp, employeur },
  })
}
function primeCode(code: string, gp: boolean, employeur: boolean): CodePrimeIndemnite {
  return CodePrimeIndemnite.parse({ code, libelle: `Prime ${code}`, soumise_cotisations: true, visibilite: { gp, employeur } })
}

const ctx: ValidationContext = {
  dossier,
  salarie,
  codesAbsences: [],
  codesEvp: [evpCode('COMM', true, true), evpCode('TRANSP', true, false), evpCode('OBJ', false, true)],
  codesPrimes: [primeCode('PEXC', true, true), primeCode('IRC', true, false), primeCode('POBJ', false, true)],
  otherAbsences: [],
}

const evp = (code: string) => ({ siren: SIREN, matricule: 'M001', periode: '2026-11', code_evp: code, montant: '120.00' })
const prime = (code: string) => ({ siren: SIREN, matricule: 'M001', periode: '2026-11', code_prime: code, montant: '250.00' })

describe('visibilité GP / employeur des codes', () => {
  it('offre à la saisie du cabinet exactement les codes visibles côté GP et non masqués', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.option(fc.boolean(), { nil: undefined }), (gp, employeur, masque) => {
        const code = masque === undefined ? { visibilite: { gp, employeur } } : { visibilite: { gp, employeur }, masque }
        expect(offeredForEntry(code)).toBe(gp && masque !== true)
        // The employer's side never changes what the cabinet may enter.
        expect(offeredForEntry({ ...code, visibilite: { gp, employeur: !employeur } })).toBe(offeredForEntry(code))
      }),
    )
  })

  it('dit qui voit les éléments du code', () => {
    expect(audienceOf({ gp: true, employeur: true })).toBe('gp_employeur')
    expect(audienceOf({ gp: true, employeur: false })).toBe('gp')
    expect(audienceOf({ gp: false, employeur: true })).toBe('employeur')
    expect(audienceOf({ gp: false, employeur: false })).toBe('aucun')
  })

  it('refuse hors ligne un code EVP ou de prime que le cabinet ne voit pas, accepte ceux qu’il voit (employeur ou non)', () => {
    expect(validateEntry('evp', 'create', evp('COMM'), ctx)).toEqual([])
    expect(validateEntry('evp', 'create', evp('TRANSP'), ctx)).toEqual([])
    expect(validateEntry('evp', 'create', evp('OBJ'), ctx)).toEqual([
      { champ: 'code_evp', message: 'Le code EVP OBJ (Libellé OBJ) est saisi par l’employeur : le cabinet ne le saisit pas.' },
    ])
    expect(validateEntry('prime', 'create', prime('PEXC'), ctx)).toEqual([])
    expect(validateEntry('prime', 'create', prime('IRC'), ctx)).toEqual([])
    expect(validateEntry('prime', 'create', prime('POBJ'), ctx)).toEqual([
      { champ: 'code_prime', message: 'Le code de prime POBJ (Prime POBJ) est saisi par l’employeur : le cabinet ne le saisit pas.' },
    ])
    // A patch keeping such a code is refused too: the cabinet does not enter these elements at all.
    expect(validateEntry('prime', 'update', { montant: '300.00' }, ctx, prime('POBJ')).map((i) => i.champ)).toEqual(['code_prime'])
  })
})
