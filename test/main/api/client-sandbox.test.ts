/**
 * Every operation of the endpoint table, called through the typed client against the sandbox: once with valid input
 * (2xx, the answer parses with the contract's schema) and once with invalid input (400 BridgeError naming the field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-main/api/errors'
import { createApiClient, type ApiClient } from '../../../src-main/api/client'
import { startSandbox } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS } from '../../../src-sandbox/store/seed'
import type { SandboxStore } from '../../../src-sandbox/store/types'
import { ENDPOINTS, OPERATION_IDS, type OperationId, type RequestOf } from '../../../src-shared/api/endpoints'
import { BULLETIN_TRANSITIONS, type ActionBulletin } from '../../../src-shared/api/bulletins'
import { dureeTempsPlein } from '../../../src-shared/domain/contrat-create'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let client: ApiClient
const created: Record<string, string> = {}

/** Valid request, and an invalid one with the `chemin` the sandbox must name (null: the operation takes no input). */
interface Case<K extends OperationId> {
  valid: () => RequestOf<K>
  invalid: { req: () => RequestOf<K>; chemin: string } | null
}
type Cases = { [K in OperationId]: Case<K> }

const BAD_SIREN = '123456788'

const BAD_ID = 'pas-un-identifiant'

function pick(store: SandboxStore) {
  const dossier = store.dossiers[0]!
  const siren = dossier.siren
  const periode = dossier.periode_paie_en_cours
  const inDossier = store.salaries.filter((s) => s.siren === siren && s.date_sortie === null)
  const absentIds = new Set(store.absences.map((a) => `${a.siren}/${a.matricule}`))
  const single = inDossier.filter((s) => s.contrats.length === 1 && s.contrats[0]!.date_fin === null)
  const salarie = single.find((s) => !absentIds.has(`${s.siren}/${s.matricule}`)) ?? single[0]!
  const contrat = store.contrats.find((c) => c.siren === siren && c.matricule === salarie.matricule)!
  // Another employee receives the contract created by the test, so `salarie` keeps a single active contract.
  const salarieNouveauContrat = single.find((s) => s.matricule !== salarie.matricule)!
  const codeAbsence = store.codesAbsencesParDossier[siren]![0]!
  const codeEvp = store.codesEvp[siren]!.find((c) => c.format === 'quantite' && !c.masque)!
  const codePrime = store.codesPrimesIndemnites[siren]![0]!
  const bulletinFor = (action: ActionBulletin, taken: Set<string>) => {
    const b = store.bulletins.find(
      (x) =>
        BULLETIN_TRANSITIONS[action].from.includes(x.statut) &&
        !taken.has(x.id) &&
        (action !== 'envoi-coffre' || store.salaries.some((s) => s.siren === x.siren && s.matricule === x.matricule && s.coffre_active)),
    )
    if (b === undefined) throw new Error(`aucun bulletin pour ${action}`)
    taken.add(b.id)
    return b.id
  }
  const taken = new Set<string>()
  const actions = Object.fromEntries(
    (Object.keys(BULLETIN_TRANSITIONS) as ActionBulletin[]).map((a) => [a, bulletinFor(a, taken)]),
  ) as Record<ActionBulletin, string>
  const usedMatricules = new Set(store.bulletins.filter((b) => taken.has(b.id)).map((b) => `${b.siren}/${b.matricule}`))
  const calcTarget = store.bulletins.find((b) => !usedMatricules.has(`${b.siren}/${b.matricule}`))!
  const declaration = store.declarations.find((d) => d.recapitulatif_disponible)!
  const otherUser =
    store.utilisateurs.find((u) => !store.affectations.some((a) => a.siren === siren && a.matricule_utilisateur === u.matricule)) ??
    store.utilisateurs[1]!
  return {
    siren,
    periode,
    salarie,
    salarieNouveauContrat,
    contrat,
    codeAbsence,
    codeEvp,
    codePrime,
    actions,
    calcTarget,
    declaration,
    otherUser,
    nic: dossier.etablissements[0]!.nic,
  }
}

function cases(store: SandboxStore): Cases {
  const p = pick(store)
  const { siren, periode } = p
  const matricule = p.salarie.matricule
  const day = (d: number) => `${periode}-${String(d).padStart(2, '0')}`
  const id = (key: string) => created[key] ?? BAD_ID
  const annee = Number(periode.slice(0, 4))
  return {
    obtenirJeton: {
      valid: () => ({ body: { grant_type: 'client_credentials', ...DEMO_CREDENTIALS } }),
      invalid: { req: () => ({ body: { grant_type: 'client_credentials', client_id: '', client_secret: 'x' } }), chemin: 'body.client_id' },
    },
    sante: { valid: () => ({}), invalid: null },
    moi: { valid: () => ({}), invalid: null },
    listerUtilisateursCabinet: {
      valid: () => ({ query: { page: 1 } }),
      invalid: { req: () => ({ query: { page: 0 } }), chemin: 'query.page' },
    },
    lireUtilisateurCabinet: {
      valid: () => ({ params: { matricule: store.utilisateurs[0]!.matricule } }),
      invalid: { req: () => ({ params: { matricule: 'a b' } }), chemin: 'params.matricule' },
    },
    creerUtilisateurCabinet: {
      valid: () => ({
        body: { matricule: 'NOUVEAU1', nom: 'Durand', prenom: 'Ana', email: 'ana.durand@cabinet.test', profil: 'gestionnaire' },
      }),
      invalid: {
        req: () => ({ body: { matricule: 'NOUVEAU2', nom: 'Durand', prenom: 'Ana', email: 'pas-une-adresse', profil: 'gestionnaire' } }),
        chemin: 'body.email',
      },
    },
    listerFacturations: {
      valid: () => ({ query: { periode } }),
      invalid: { req: () => ({ query: { periode: '2026-13' } }), chemin: 'query.periode' },
    },
    listerDossiers: { valid: () => ({ query: {} }), invalid: { req: () => ({ query: { taille: 1000 } }), chemin: 'query.taille' } },
    lireDossier: {
      valid: () => ({ params: { siren } }),
      invalid: { req: () => ({ params: { siren: BAD_SIREN } }), chemin: 'params.siren' },
    },
    listerAffectationsDossier: {
      valid: () => ({ params: { siren } }),
      invalid: { req: () => ({ params: { siren: BAD_SIREN } }), chemin: 'params.siren' },
    },
    creerAffectationDossier: {
      valid: () => ({ params: { siren }, body: { matricule_utilisateur: p.otherUser.matricule, date_debut: day(1) } }),
      invalid: {
        req: () => ({ params: { siren }, body: { matricule_utilisateur: p.otherUser.matricule, date_debut: day(10), date_fin: day(1) } }),
        chemin: 'body.date_fin',
      },
    },
    terminerAffectationDossier: {
      valid: () => ({ params: { siren }, body: { matricule_utilisateur: p.otherUser.matricule, date_debut: day(1), date_fin: day(20) } }),
      invalid: {
        req: () => ({ params: { siren }, body: { matricule_utilisateur: p.otherUser.matricule, date_debut: day(10), date_fin: day(1) } }),
        chemin: 'body.date_fin',
      },
    },
    listerSalaries: {
      valid: () => ({ query: { siren: [siren], nic: [p.nic], du: day(1), au: day(28) } }),
      invalid: { req: () => ({ query: { du: '01/11/2026' } }), chemin: 'query.du' },
    },
    lireSalarie: {
      valid: () => ({ params: { matricule }, query: { siren } }),
      invalid: { req: () => ({ params: { matricule }, query: { siren: BAD_SIREN } }), chemin: 'query.siren' },
    },
    lireSalarieDossier: {
      valid: () => ({ params: { siren, matricule } }),
      invalid: { req: () => ({ params: { siren: BAD_SIREN, matricule } }), chemin: 'params.siren' },
    },
    modifierSalaries: {
      valid: () => ({ params: { siren }, body: { salaries: [{ matricule, email: 'nouvelle.adresse@exemple.test' }] } }),
      invalid: { req: () => ({ params: { siren }, body: { salaries: [{ matricule, email: 'x' }] } }), chemin: 'body.salaries[0].email' },
    },
    modifierCoordonneesBancaires: {
      valid: () => ({
        params: { siren },
        body: { salaries: [{ matricule, iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', titulaire: 'Titulaire Test' }] },
      }),
      invalid: {
        req: () => ({
          params: { siren },
          body: { salaries: [{ matricule, iban: 'FR7630006000011234567890188', bic: 'AGRIFRPP', titulaire: 'T' }] },
        }),
        chemin: 'body.salaries[0].iban',
      },
    },
    listerContrats: {
      valid: () => ({ params: { siren, matricule } }),
      invalid: { req: () => ({ params: { siren: BAD_SIREN, matricule } }), chemin: 'params.siren' },
    },
    creerContrat: {
      valid: () => ({
        params: { siren, matricule: p.salarieNouveauContrat.matricule },
        body: {
          numero_contrat: 'CTEST01',
          nic: p.nic,
          nature_contrat: '02',
          libelle_emploi: 'Renfort',
          dispositif_politique_publique: '99',
          duree_travail: dureeTempsPlein(),
          pcs_ese: '543a',
          date_debut: day(15),
          date_fin: day(28),
        },
      }),
      invalid: {
        req: () => ({
          params: { siren, matricule },
          body: {
            numero_contrat: 'CTEST02',
            nic: p.nic,
            nature_contrat: '02',
            libelle_emploi: 'Renfort',
            dispositif_politique_publique: '99',
            duree_travail: dureeTempsPlein(),
            pcs_ese: '54',
            date_debut: day(15),
          },
        }),
        chemin: 'body.pcs_ese',
      },
    },
    lireContrat: {
      valid: () => ({ params: { siren, matricule, contrat: p.contrat.numero_contrat } }),
      invalid: { req: () => ({ params: { siren, matricule, contrat: 'a b' } }), chemin: 'params.contrat' },
    },
    lireDureeTravail: {
      valid: () => ({ params: { siren, matricule, contrat: p.contrat.numero_contrat } }),
      invalid: { req: () => ({ params: { siren, matricule, contrat: 'a b' } }), chemin: 'params.contrat' },
    },
    lireDefinitionContrat: {
      valid: () => ({ params: { siren, matricule, contrat: p.contrat.numero_contrat } }),
      invalid: { req: () => ({ params: { siren, matricule, contrat: 'a b' } }), chemin: 'params.contrat' },
    },
    listerBulletins: {
      valid: () => ({ query: { siren: [siren], nic: [p.nic], periode } }),
      invalid: { req: () => ({ query: { statut: ['inconnu'] as unknown as ['calcule'] } }), chemin: 'query.statut' },
    },
    lireBulletin: {
      valid: () => ({ params: { id: p.actions.controler } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    calculerBulletins: {
      valid: () => ({ body: { siren: p.calcTarget.siren, periode: p.calcTarget.periode, matricules: [p.calcTarget.matricule] } }),
      invalid: { req: () => ({ body: { siren, periode: '2026-1' } }), chemin: 'body.periode' },
    },
    calculerBulletin: {
      valid: () => ({ params: { id: p.actions.calculer }, body: {} }),
      invalid: { req: () => ({ params: { id: BAD_ID }, body: {} }), chemin: 'params.id' },
    },
    controlerBulletin: {
      valid: () => ({ params: { id: p.actions.controler }, body: {} }),
      invalid: { req: () => ({ params: { id: BAD_ID }, body: {} }), chemin: 'params.id' },
    },
    envoyerBulletinEmployeur: {
      valid: () => ({ params: { id: p.actions['envoyer-employeur'] }, body: {} }),
      invalid: { req: () => ({ params: { id: BAD_ID }, body: {} }), chemin: 'params.id' },
    },
    validerBulletin: {
      valid: () => ({ params: { id: p.actions.valider }, body: {} }),
      invalid: { req: () => ({ params: { id: BAD_ID }, body: {} }), chemin: 'params.id' },
    },
    refuserBulletin: {
      valid: () => ({ params: { id: p.actions.refus }, body: { motif: 'Heures supplémentaires manquantes' } }),
      invalid: { req: () => ({ params: { id: p.actions.refus }, body: { motif: '' } }), chemin: 'body.motif' },
    },
    envoyerBulletinCoffre: {
      valid: () => ({ params: { id: p.actions['envoi-coffre'] }, body: {} }),
      invalid: { req: () => ({ params: { id: BAD_ID }, body: {} }), chemin: 'params.id' },
    },
    envoyerBulletinSalarie: {
      valid: () => ({ params: { id: p.actions['envoyer-salarie'] }, body: {} }),
      invalid: { req: () => ({ params: { id: BAD_ID }, body: {} }), chemin: 'params.id' },
    },
    listerCumuls: {
      valid: () => ({ query: { siren, annee } }),
      invalid: { req: () => ({ query: { siren: BAD_SIREN } }), chemin: 'query.siren' },
    },
    mettreAJourCumuls: {
      valid: () => ({ params: { siren }, body: { annee, elements: [{ matricule, code_cumul: 'BRUT', valeur: '12000.00' }] } }),
      invalid: {
        req: () => ({ params: { siren }, body: { annee, elements: [{ matricule, code_cumul: 'BRUT', valeur: '12 000' }] } }),
        chemin: 'body.elements[0].valeur',
      },
    },
    listerAbsences: {
      valid: () => ({ query: { siren, matricule: [matricule] } }),
      invalid: { req: () => ({ query: { siren, au: '2026-02-30' } }), chemin: 'query.au' },
    },
    creerAbsence: {
      valid: () => ({
        body: {
          siren,
          matricule,
          code_absence: p.codeAbsence,
          date_debut: day(2),
          date_fin: day(3),
          demi_journee_debut: false,
          demi_journee_fin: false,
        },
      }),
      invalid: {
        req: () => ({
          body: {
            siren,
            matricule,
            code_absence: p.codeAbsence,
            date_debut: day(5),
            date_fin: day(4),
            demi_journee_debut: false,
            demi_journee_fin: false,
          },
        }),
        chemin: 'body.date_fin',
      },
    },
    modifierAbsence: {
      valid: () => ({ params: { absenceId: id('absence') }, body: { commentaire: 'Certificat reçu' } }),
      invalid: { req: () => ({ params: { absenceId: BAD_ID }, body: {} }), chemin: 'params.absenceId' },
    },
    supprimerAbsence: {
      valid: () => ({ params: { absenceId: id('absence') } }),
      invalid: { req: () => ({ params: { absenceId: BAD_ID } }), chemin: 'params.absenceId' },
    },
    listerEvp: {
      valid: () => ({ query: { siren, periode } }),
      invalid: { req: () => ({ query: { siren, periode: '11-2026' } }), chemin: 'query.periode' },
    },
    creerEvp: {
      valid: () => ({ body: { siren, matricule, periode, code_evp: p.codeEvp.code, quantite: '3.5' } }),
      invalid: { req: () => ({ body: { siren, matricule, periode, code_evp: p.codeEvp.code, quantite: '3,5' } }), chemin: 'body.quantite' },
    },
    modifierEvp: {
      valid: () => ({ params: { id: id('evp') }, body: { quantite: '4' } }),
      invalid: { req: () => ({ params: { id: id('evp') }, body: { quantite: '-1' } }), chemin: 'body.quantite' },
    },
    supprimerEvp: {
      valid: () => ({ params: { id: id('evp') } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    listerPrimesIndemnites: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren, page: 'x' } }), chemin: 'query.page' },
    },
    creerPrimeIndemnite: {
      valid: () => ({ body: { siren, matricule, periode, code_prime: p.codePrime.code, montant: '150.00' } }),
      invalid: {
        req: () => ({ body: { siren, matricule, periode, code_prime: p.codePrime.code, montant: '150.001' } }),
        chemin: 'body.montant',
      },
    },
    modifierPrimeIndemnite: {
      valid: () => ({ params: { id: id('prime') }, body: { montant: '175.00' } }),
      invalid: { req: () => ({ params: { id: id('prime') }, body: { montant: 'beaucoup' } }), chemin: 'body.montant' },
    },
    supprimerPrimeIndemnite: {
      valid: () => ({ params: { id: id('prime') } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    listerAvantagesNature: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren: BAD_SIREN } }), chemin: 'query.siren' },
    },
    creerAvantageNature: {
      valid: () => ({ body: { siren, matricule, periode, type_avantage: 'nourriture', mode_evaluation: 'forfait', montant: '110.00' } }),
      invalid: {
        req: () => ({
          body: { siren, matricule, periode, type_avantage: 'yacht' as 'autre', mode_evaluation: 'forfait', montant: '1.00' },
        }),
        chemin: 'body.type_avantage',
      },
    },
    modifierAvantageNature: {
      valid: () => ({ params: { id: id('avantage') }, body: { montant: '120.00' } }),
      invalid: {
        req: () => ({ params: { id: id('avantage') }, body: { mode_evaluation: 'devine' as 'reel' } }),
        chemin: 'body.mode_evaluation',
      },
    },
    supprimerAvantageNature: {
      valid: () => ({ params: { id: id('avantage') } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    listerFraisProfessionnels: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren, du: 'hier' } }), chemin: 'query.du' },
    },
    creerFraisProfessionnel: {
      valid: () => ({
        body: { siren, matricule, periode, date: day(6), type_frais: 'indemnites_kilometriques', montant: '42.70', kilometres: '70' },
      }),
      invalid: {
        req: () => ({ body: { siren, matricule, periode, date: day(6), type_frais: 'indemnites_kilometriques', montant: '42.70' } }),
        chemin: 'body.kilometres',
      },
    },
    modifierFraisProfessionnel: {
      valid: () => ({ params: { id: id('frais') }, body: { commentaire: 'Aller-retour client' } }),
      invalid: { req: () => ({ params: { id: id('frais') }, body: { date: '2026-02-31' } }), chemin: 'body.date' },
    },
    supprimerFraisProfessionnel: {
      valid: () => ({ params: { id: id('frais') } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    listerAcomptes: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren: BAD_SIREN } }), chemin: 'query.siren' },
    },
    listerCodesAbsences: { valid: () => ({}), invalid: null },
    listerCodesAbsencesDossier: {
      valid: () => ({ params: { siren } }),
      invalid: { req: () => ({ params: { siren: BAD_SIREN } }), chemin: 'params.siren' },
    },
    listerCodesEvp: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren: BAD_SIREN } }), chemin: 'query.siren' },
    },
    listerCodesPrimesIndemnites: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren: BAD_SIREN } }), chemin: 'query.siren' },
    },
    lireListeCodes: {
      valid: () => ({ params: { nomCode: 'pcs_ese' } }),
      invalid: { req: () => ({ params: { nomCode: 'x'.repeat(61) } }), chemin: 'params.nomCode' },
    },
    listerDeclarations: {
      valid: () => ({ query: { siren: store.dossiers.slice(0, 2).map((d) => d.siren) } }),
      invalid: { req: () => ({ query: { periode_du: 'janvier' } }), chemin: 'query.periode_du' },
    },
    lireDeclaration: {
      valid: () => ({ params: { id: p.declaration.id } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    listerDeclarationsEvenementielles: {
      valid: () => ({ query: {} }),
      invalid: { req: () => ({ query: { statut: ['perdue'] as unknown as ['acceptee'] } }), chemin: 'query.statut' },
    },
    telechargerRecapitulatif: {
      valid: () => ({ params: { id: p.declaration.id } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    listerNotes: {
      valid: () => ({ query: { siren } }),
      invalid: { req: () => ({ query: { siren, type: 'secret' as 'refus_bulletin' } }), chemin: 'query.type' },
    },
    creerNote: {
      valid: () => ({ body: { siren, matricule, texte: 'Prévoir la mutuelle en décembre' } }),
      invalid: { req: () => ({ body: { siren, matricule, texte: '   ' } }), chemin: 'body.texte' },
    },
    listerExtractions: { valid: () => ({ query: {} }), invalid: { req: () => ({ query: { siren: BAD_SIREN } }), chemin: 'query.siren' } },
    creerExtraction: {
      valid: () => ({ body: { siren, type: 'salaries', periode } }),
      invalid: { req: () => ({ body: { siren, type: 'tout' as 'evp', periode } }), chemin: 'body.type' },
    },
    lireExtraction: {
      valid: () => ({ params: { id: id('extraction') } }),
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
    telechargerExtraction: {
      // Its file is served once computed (#53): the created extraction, dated back past the sandbox's delay.
      valid: () => {
        const e = store.extractions.find((x) => x.id === id('extraction'))
        if (e !== undefined) e.date_creation = new Date(Date.parse(e.date_creation) - 60_000).toISOString()
        return { params: { id: id('extraction') } }
      },
      invalid: { req: () => ({ params: { id: BAD_ID } }), chemin: 'params.id' },
    },
  }
}

/** Records created by the valid calls, reused by the PATCH/DELETE/read calls that follow in table order. */
const CREATED_BY: Partial<Record<OperationId, string>> = {
  creerAbsence: 'absence',
  creerEvp: 'evp',
  creerPrimeIndemnite: 'prime',
  creerAvantageNature: 'avantage',
  creerFraisProfessionnel: 'frais',
  creerExtraction: 'extraction',
}

let table: Cases

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, today: '2026-11-16', rateLimit: false })
  client = createApiClient({ baseUrl: sandbox.url, clientId: DEMO_CREDENTIALS.client_id, clientSecret: DEMO_CREDENTIALS.client_secret })
  table = cases(sandbox.store)
})
afterAll(async () => {
  await sandbox.close()
})

/** Calls one operation with a loosely typed request (the table above is what keeps each request typed). */
function callLoose(id: OperationId, req: unknown) {
  return (client.callWithMeta as (id: OperationId, req: unknown) => Promise<{ value: unknown; status: number }>)(id, req)
}

describe('typed client against the sandbox: every operation', () => {
  it('covers every operation of the endpoint table', () => {
    expect(Object.keys(table).sort()).toEqual([...OPERATION_IDS].sort())
  })

  // Sequential, in table order: creations come before the PATCH and DELETE that use their ids.
  it.each(OPERATION_IDS.map((id) => [id]))('%s with valid input answers 2xx and parses', async (id) => {
    const c = table[id] as Case<OperationId>
    const { value, status } = await callLoose(id, c.valid())
    expect(status).toBe(ENDPOINTS[id].status)
    if (ENDPOINTS[id].response === 'pdf') expect(new TextDecoder().decode((value as Uint8Array).slice(0, 5))).toBe('%PDF-')
    if (ENDPOINTS[id].response === 'csv') expect(new TextDecoder().decode(value as Uint8Array)).toMatch(/^matricule;nom;prenom;nic/)
    const key = CREATED_BY[id]
    if (key !== undefined) created[key] = (value as { id: string }).id
  })

  it.each(OPERATION_IDS.map((id) => [id]))('%s with invalid input answers a BridgeError naming the field', async (id) => {
    const c = table[id] as Case<OperationId>
    if (c.invalid === null) {
      // Only the operations without any input may skip this check.
      const def = ENDPOINTS[id] as { params?: unknown; query?: unknown; body?: unknown }
      expect([def.params, def.query, def.body]).toEqual([undefined, undefined, undefined])
      return
    }
    const error = await callLoose(id, c.invalid.req()).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect(apiError.status).toBe(400)
    expect(apiError.errorClass).toBe('record')
    expect(apiError.body?.code).toBe('REQUETE_INVALIDE')
    expect(apiError.body?.erreurs.map((e) => e.chemin)).toContain(c.invalid.chemin)
  })
})
