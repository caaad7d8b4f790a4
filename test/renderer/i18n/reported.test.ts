/**
 * The renderer words what main reports by code and parameters (i18n/reported.ts): the sentences the clerk reads, in
 * both languages, for the codes main produces (their parameters are checked on main's side: test/main/**).
 */
import { describe, expect, it } from 'vitest'

import { OutboxError } from '../../../src-renderer/db/outbox'
import { wordReported, wordThrown } from '../../../src-renderer/i18n/reported'
import { testWords } from '../support/words'

const fr = testWords('fr')
const en = testWords('en')

describe('wordReported', () => {
  it('words main’s codes with their parameters, by the place they are shown', () => {
    expect(wordReported(fr, 'demande', { code: 'ENTREE_INVALIDE', message: 'input does not match' })).toBe(
      'Les données transmises sont invalides : la demande n’a pas été traitée.',
    )
    expect(wordReported(fr, 'saisie', { code: 'IDENTIQUE_EXISTANT', message: 'to check: IDENTIQUE_EXISTANT' })).toMatch(
      /^Le service de paie contient déjà un élément identique/,
    )
    // One code, two places: a read that timed out, a write that may have been committed.
    expect(wordReported(fr, 'demande', { code: 'DELAI_DEPASSE', message: 'read timed out' })).toBe(
      'Le service de paie ne répond pas (délai dépassé).',
    )
    expect(wordReported(fr, 'saisie', { code: 'DELAI_DEPASSE', message: 'write timed out' })).toMatch(/^Envoi sans réponse/)
    expect(wordReported(fr, 'pause', { code: 'TROP_DE_REQUETES', message: 'TROP_DE_REQUETES (HTTP 429)' })).toMatch(
      /limite le nombre de requêtes/,
    )
    expect(wordReported(en, 'pause', { code: 'TROP_DE_REQUETES', message: 'TROP_DE_REQUETES (HTTP 429)' })).toMatch(
      /limits the number of requests/,
    )
  })

  it('picks the variant of `motif`, then of `service`, then the code; a saisie falls back to the general wording', () => {
    expect(wordReported(fr, 'saisie', { code: 'ENTREE_INVALIDE', message: 'm', params: { motif: 'INCONNU' } })).toBe(
      'Élément invalide : corrigez-le avant de le renvoyer.',
    )
    expect(
      wordReported(fr, 'demande', { code: 'REPONSE_INVALIDE', message: 'm', params: { motif: 'TYPE_JSON', valeur: 'text/html' } }),
    ).toBe('Réponse illisible du service de paie (type text/html au lieu de JSON).')
    expect(wordReported(fr, 'saisie', { code: 'REPONSE_INVALIDE', message: 'm', params: { motif: 'JSON' } })).toBe(
      'Réponse illisible du service de paie (JSON tronqué ou illisible).',
    )
    expect(wordReported(fr, 'demande', { code: 'SERVICE_EN_ERREUR', message: 'm', params: { status: 500 } })).toBe(
      'Le service de paie a répondu en erreur (500).',
    )
    expect(wordReported(fr, 'demande', { code: 'SERVICE_EN_ERREUR', message: 'm', params: { status: 500, service: 'Panne.' } })).toBe(
      'Le service de paie a répondu en erreur (500) : Panne.',
    )
  })

  it('shows the payroll service’s own words for a code it does not know; a pause it does not know says its code', () => {
    const refusal = { code: 'CODE_INCONNU', message: 'Le code EVP HNUIT n’existe pas pour le dossier 832147607.', status: 422, champs: [] }
    expect(wordReported(fr, 'saisie', refusal)).toBe('Le code EVP HNUIT n’existe pas pour le dossier 832147607.')
    expect(wordReported(en, 'saisie', refusal)).toBe('Le code EVP HNUIT n’existe pas pour le dossier 832147607.')
    expect(wordReported(fr, 'pause', { code: 'NOUVEAU_CODE', message: 'technical' })).toBe(
      'Envoi suspendu (NOUVEAU_CODE) : l’envoi reprendra automatiquement.',
    )
  })

  it('words HTTP_<status> codes with their status, a failed token by how it failed, a context around, a follow-up after', () => {
    expect(wordReported(fr, 'demande', { code: 'HTTP_502', message: 'HTTP 502' })).toBe('Le service de paie a répondu 502.')
    expect(wordReported(fr, 'pause', { code: 'HTTP_500', message: 'HTTP 500', params: { status: 500 } })).toBe(
      'Le service de paie est momentanément indisponible (erreur 500) : l’envoi reprendra automatiquement.',
    )
    expect(
      wordReported(fr, 'pause', {
        code: 'CLIENT_INVALIDE',
        message: 'm',
        params: { jeton: 'REFUSE', status: 401, service: 'Identifiants du client API invalides.' },
      }),
    ).toBe('Jeton d’accès refusé : Identifiants du client API invalides.')
    expect(wordReported(fr, 'demande', { code: 'DELAI_DEPASSE', message: 'm', params: { jeton: 'DELAI' } })).toMatch(
      /^Demande de jeton d’accès sans réponse/,
    )
    expect(wordReported(fr, 'demande', { code: 'RESEAU_INJOIGNABLE', message: 'm', params: { contexte: 'REFERENTIEL', status: 0 } })).toBe(
      'Référentiel non mis à jour : Service de paie injoignable : vérifiez la connexion réseau.',
    )
    expect(
      wordReported(fr, 'demande', {
        code: 'IDENTIFIANTS_REFUSES',
        message: 'credentials refused (401)',
        params: { suite: 'RIEN_ENREGISTRE' },
      }),
    ).toBe('Identifiants refusés par le service de paie : vérifiez l’identifiant du client d’API et son secret. Rien n’a été enregistré.')
    expect(
      wordReported(en, 'demande', {
        code: 'IDENTIFIANTS_REFUSES',
        message: 'credentials refused (401)',
        params: { suite: 'RIEN_ENREGISTRE' },
      }),
    ).toBe('Credentials refused by the payroll service: check the API client id and its secret. Nothing was saved.')
  })

  it('words a download’s failures with the numbers written the language’s way', () => {
    expect(
      wordReported(fr, 'telechargement', {
        code: 'CONNEXION_COUPEE',
        message: 'm',
        params: { recus: 12345, attendus: 40000, motif: 'TOTAL' },
      }),
    ).toBe('Connexion coupée pendant le téléchargement (12\u202f345 octets reçus sur 40\u202f000) : rien n’a été enregistré, réessayez.')
    expect(wordReported(en, 'telechargement', { code: 'CONNEXION_COUPEE', message: 'm', params: { recus: 12345 } })).toBe(
      'Connection cut during the download (12,345 bytes received): nothing was saved, try again.',
    )
    expect(wordReported(fr, 'telechargement', { code: 'RECAPITULATIF_PAS_PDF', message: 'm', params: { type: 'text/html' } })).toContain(
      '« text/html » au lieu du PDF',
    )
    expect(
      wordReported(fr, 'telechargement', {
        code: 'INTROUVABLE',
        message: 'Déclaration introuvable.',
        params: { contexte: 'TELECHARGEMENT', status: 404 },
      }),
    ).toBe('Téléchargement refusé : Déclaration introuvable.')
    expect(wordReported(fr, 'telechargement', { code: 'NOM_FICHIER_REFUSE', message: 'm', params: { motif: 'PERIODE' } })).toMatch(
      /la période de la déclaration est invalide/,
    )
  })

  it('chooses the plural form by `n`', () => {
    expect(wordReported(fr, 'demande', { code: 'PROFIL_NON_VIDE', message: 'm', params: { n: 1 } })).toMatch(
      /^Ce profil a encore 1 élément non envoyé sur ce poste/,
    )
    expect(wordReported(fr, 'demande', { code: 'PROFIL_NON_VIDE', message: 'm', params: { n: 3 } })).toMatch(
      /^Ce profil a encore 3 éléments non envoyés sur ce poste/,
    )
  })
})

describe('wordThrown', () => {
  it('words the outbox’s refusals with the entry’s state in the interface’s language', () => {
    expect(wordThrown(fr, new OutboxError('ETAT_INCOMPATIBLE', 'ENVOI_EN_COURS'))).toMatch(
      /en cours d’envoi : elle ne peut pas être modifiée maintenant/,
    )
    expect(wordThrown(fr, new OutboxError('ETAT_INCOMPATIBLE', 'NON_ANNULABLE', { etat: 'synced', motif: 'SYNCHRONISEE' }))).toBe(
      'Une saisie « Synchronisé » ne peut pas être annulée : saisissez une suppression pour retirer l’enregistrement du service de paie.',
    )
    expect(wordThrown(en, new OutboxError('ETAT_INCOMPATIBLE', 'NON_ANNULABLE', { etat: 'sending' }))).toBe(
      'An entry “Sending” cannot be cancelled.',
    )
    expect(wordThrown(fr, new OutboxError('INTROUVABLE', 'INTROUVABLE', { motif: 'DOUBLON' }))).toBe('Doublon introuvable sur ce poste.')
    expect(wordThrown(fr, new Error('disque plein'))).toBe('disque plein')
  })
})
