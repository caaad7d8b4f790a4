/**
 * Reference data for renderer tests, parsed with the contract schemas: two dossiers (current period 2026-11),
 * their employees, code lists, and valid create payloads of every kind.
 */
import { CodeAbsence, CodeEvp, CodePrimeIndemnite } from '../../../src-shared/api/codification'
import { Dossier } from '../../../src-shared/api/dossiers'
import { Salarie } from '../../../src-shared/api/salaries'
import { ReferenceSnapshot } from '../../../src-shared/domain/reference'
import { PAYLOAD_SIREN } from '../../support/entry-payloads'

/** The dossier of the valid payloads (Boulangerie Martin). */
export const SIREN = PAYLOAD_SIREN
export const SIREN_2 = '552100554'
export const FETCHED_AT = '2026-11-20T08:00:00.000Z'

function dossier(siren: string, nic: string, raison: string): Dossier {
  return Dossier.parse({
    siren,
    raison_sociale: raison,
    code_naf: '1071C',
    idcc: '0843',
    periode_paie_en_cours: '2026-11',
    etablissements: [
      { nic, siret: `${siren}${nic}`, denomination: raison, adresse: '1 rue du Four', code_postal: '69001', commune: 'Lyon', siege: true },
    ],
  })
}

export const dossierMartin = dossier(SIREN, '00017', 'Boulangerie Martin')
export const dossierDupont = dossier(SIREN_2, '00013', 'Atelier Dupont')

function salarie(siren: string, matricule: string, nom: string, prenom: string): Salarie {
  return Salarie.parse({
    matricule,
    siren,
    nic: siren === SIREN ? '00017' : '00013',
    nom,
    prenom,
    nom_usage: null,
    date_naissance: '1990-04-12',
    date_entree: '2020-01-01',
    date_sortie: null,
    email: null,
    coffre_active: false,
    contrats: [{ numero_contrat: 'C1', nature_contrat: '01', date_debut: '2020-01-01', date_fin: null }],
  })
}

export const salaries: Salarie[] = [
  salarie(SIREN, 'M001', 'Durand', 'Jeanne'),
  salarie(SIREN, 'M002', 'Bernard', 'Paul'),
  ...Array.from({ length: 20 }, (_, i) => salarie(SIREN, `G${String(i).padStart(3, '0')}`, `Nom${i}`, 'Test')),
  salarie(SIREN_2, 'D001', 'Petit', 'Léa'),
]

const visibilite = { gp: true, employeur: true }
export const codesAbsences = [
  {
    code: 'CP',
    libelle: 'Congés payés',
    categorie: 'conges',
    motif_arret: null,
    motif_suspension: null,
    demi_journee_autorisee: true,
    securite_sociale: false,
  },
  {
    code: 'MAL',
    libelle: 'Maladie',
    categorie: 'maladie',
    motif_arret: '01',
    motif_suspension: null,
    demi_journee_autorisee: false,
    securite_sociale: true,
  },
].map((c) => CodeAbsence.parse(c))
export const codesEvp = [
  CodeEvp.parse({
    code: 'HS25',
    libelle: 'Heures supplémentaires à 25 %',
    libelle_court: 'HS25',
    famille: 'Temps',
    format: 'quantite',
    unite: 'heures',
    ordre: 1,
    masque: false,
    visibilite,
  }),
  CodeEvp.parse({
    code: 'OBS',
    libelle: 'Observation',
    libelle_court: 'OBS',
    famille: 'Divers',
    format: 'texte',
    unite: 'texte',
    ordre: 2,
    masque: false,
    visibilite,
  }),
]
export const codesPrimes = [
  CodePrimeIndemnite.parse({ code: 'PREXC', libelle: 'Prime exceptionnelle', soumise_cotisations: true, visibilite }),
]

/** The `reference:refresh` answer for both dossiers (or the given ones). */
export function snapshot(sirens: readonly string[] = [SIREN, SIREN_2], fetchedAt = FETCHED_AT): ReferenceSnapshot {
  const dossiers = [dossierMartin, dossierDupont].filter((d) => sirens.includes(d.siren))
  const bySiren = <T>(list: T[]): Record<string, T[]> => Object.fromEntries(dossiers.map((d) => [d.siren, list]))
  return ReferenceSnapshot.parse({
    fetchedAt,
    droits: ['dossiers', 'salaries', 'absences', 'elements_variables', 'frais_professionnels', 'avantages_nature'],
    dossiers,
    salaries: salaries.filter((s) => sirens.includes(s.siren)),
    codesAbsences: bySiren(codesAbsences),
    codesEvp: bySiren(codesEvp),
    codesPrimesIndemnites: bySiren(codesPrimes),
  })
}

/** Valid create payloads (dossier Martin, employee M001, period 2026-11), with overrides. */
export { valid } from '../../support/entry-payloads'
