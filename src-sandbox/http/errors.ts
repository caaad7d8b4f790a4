/**
 * Errors of the sandbox payroll API and their wire form, BridgeError.Dto (src-shared/api/common.ts).
 *
 * Handlers and middlewares throw a {@link SandboxRefusal}; the app turns it into a JSON BridgeError body with the
 * status, code, French message, per-field `erreurs`, `recuperable`, `source` and a fresh `id_trace`.
 * The codes are the contract's ERROR_CODES (assumption: the reference shows neither fields nor codes).
 */
import { randomUUID } from 'node:crypto'
import { CATEGORY_LABELS, type Categorie } from '../../src-shared/api/categories'
import { ERROR_CODES, type BridgeError } from '../../src-shared/api/common'

/** One invalid field: `chemin` like `body.salaries[2].iban`, `query.du`, `params.siren`. */
export interface ErrorDetail {
  readonly chemin: string
  readonly code: string
  readonly message: string
}

/** Optional parts of a {@link SandboxRefusal}. */
export interface SandboxRefusalOptions {
  readonly erreurs?: readonly ErrorDetail[]
  /** Category (right) a 403 DROIT_MANQUANT asks for. */
  readonly droitRequis?: Categorie
  /** Layer that failed; 'Api' unless a fault switch plays a server or proxy failure. */
  readonly source?: BridgeError['source']
  /** Overrides the default (see {@link isRecoverable}). */
  readonly recuperable?: boolean
  /** Extra answer headers (`Retry-After`, `WWW-Authenticate`). */
  readonly headers?: Readonly<Record<string, string>>
}

/** A refusal of the sandbox, answered as a BridgeError.Dto with `statut` as the HTTP status. */
export class SandboxRefusal extends Error {
  readonly statut: number
  readonly code: string
  readonly options: SandboxRefusalOptions

  constructor(statut: number, code: string, message: string, options: SandboxRefusalOptions = {}) {
    super(message)
    this.name = 'SandboxRefusal'
    this.statut = statut
    this.code = code
    this.options = options
  }
}

/**
 * Default `recuperable` of an error (assumption, after Silae's `recoverable`: false when retrying the same request
 * cannot help): true for 401 JETON_EXPIRE / NON_AUTHENTIFIE (get a token), 429 and 5xx; false otherwise.
 */
export function isRecoverable(statut: number, code: string): boolean {
  if (statut === 429 || statut >= 500) return true
  return code === ERROR_CODES.jetonExpire || code === ERROR_CODES.nonAuthentifie
}

/** Wire body of an error (BridgeError.Dto) with a new random `id_trace`. */
export function bridgeErrorBody(error: SandboxRefusal): BridgeError {
  const body: BridgeError = {
    statut: error.statut,
    code: error.code,
    message: error.message,
    erreurs: (error.options.erreurs ?? []).map((e) => ({ chemin: e.chemin, code: e.code, message: e.message })),
    recuperable: error.options.recuperable ?? isRecoverable(error.statut, error.code),
    source: error.options.source ?? 'Api',
    id_trace: randomUUID(),
  }
  if (error.options.droitRequis !== undefined) body.droit_requis = error.options.droitRequis
  return body
}

/** 404 INTROUVABLE with `message`. */
export function introuvable(message: string): SandboxRefusal {
  return new SandboxRefusal(404, ERROR_CODES.introuvable, message)
}

/**
 * 404 ELEMENT_INTROUVABLE: no record of this kind holds the id named at `chemin` (`params.id`, `params.absenceId`);
 * it was deleted or never existed (assumption: not shown in reference, docs/api-assumptions.md #40).
 */
export function elementIntrouvable(label: string, chemin: string): SandboxRefusal {
  const message = `${label} introuvable : aucun élément ne porte cet identifiant (supprimé ou jamais créé).`
  return new SandboxRefusal(404, ERROR_CODES.elementIntrouvable, message, {
    erreurs: [{ chemin, code: ERROR_CODES.elementIntrouvable, message }],
  })
}

/** 400 REQUETE_INVALIDE listing the invalid fields. */
export function requeteInvalide(erreurs: readonly ErrorDetail[]): SandboxRefusal {
  const first = erreurs[0]
  const message =
    erreurs.length === 1 && first !== undefined
      ? `Requête invalide : ${first.chemin} — ${first.message}`
      : `Requête invalide : ${erreurs.length} champs à corriger`
  return new SandboxRefusal(400, ERROR_CODES.requeteInvalide, message, { erreurs })
}

/**
 * 422 REGLE_METIER: the request is well formed but breaks a business rule of the dossier.
 * @param chemin where (`body.code_evp`); @param code the rule's own code (`CHEVAUCHEMENT`, `PERIODE_CLOTUREE`…).
 */
export function regleMetier(chemin: string, code: string, message: string): SandboxRefusal {
  return new SandboxRefusal(422, ERROR_CODES.regleMetier, message, { erreurs: [{ chemin, code, message }] })
}

/** 409 CONFLIT (duplicate key, or a state that forbids the action other than the payslip workflow). */
export function conflit(message: string): SandboxRefusal {
  return new SandboxRefusal(409, ERROR_CODES.conflit, message)
}

/** 403 DROIT_MANQUANT naming the category (right) in French, with `droit_requis`. */
export function droitManquant(categorie: Categorie): SandboxRefusal {
  return new SandboxRefusal(
    403,
    ERROR_CODES.droitManquant,
    `Droit manquant : « ${CATEGORY_LABELS[categorie]} » (${categorie}). Demandez ce droit à l’administrateur du cabinet.`,
    { droitRequis: categorie },
  )
}

/** 403 DOSSIER_NON_AFFECTE: the signed-in user is not assigned to this dossier today. */
export function dossierNonAffecte(siren: string): SandboxRefusal {
  return new SandboxRefusal(
    403,
    ERROR_CODES.dossierNonAffecte,
    `Vous n’êtes pas affecté au dossier ${siren} à la date du jour : demandez une affectation au responsable du cabinet.`,
  )
}

/** 401 NON_AUTHENTIFIE (no or malformed bearer token, or a token this server never issued). */
export function nonAuthentifie(): SandboxRefusal {
  return new SandboxRefusal(401, ERROR_CODES.nonAuthentifie, 'Authentification requise : jeton d’accès absent ou invalide.', {
    headers: { 'WWW-Authenticate': 'Bearer realm="api"' },
  })
}

/** 401 JETON_EXPIRE, with `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3). */
export function jetonExpire(): SandboxRefusal {
  return new SandboxRefusal(401, ERROR_CODES.jetonExpire, 'Le jeton d’accès a expiré : demandez un nouveau jeton.', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="jeton expiré"' },
  })
}
