/**
 * What main reports for the clerk travels as a CODE and PARAMETERS; the renderer words it in its catalogue
 * (src-renderer/i18n/{fr,en}/erreurs.ts, by the place it is shown: `demande`, `saisie`, `pause`, `telechargement`,
 * `profil`). Main never writes a sentence meant for the screen: the `message` beside a code is a technical English
 * description for the log and for developers, except where main forwards the payroll service's own words (a
 * BridgeError `message`), which the renderer shows as they are when it has no wording of that code.
 *
 * Parameters the wording understands everywhere (src-renderer/i18n/reported.ts):
 * - `motif`: which variant of the code (`ENTREE_INVALIDE` + `motif: 'CIBLE'` is worded `ENTREE_INVALIDE__CIBLE`);
 * - `contexte`: what failed, worded around the reason (`REFERENTIEL`: "Référentiel non mis à jour : <reason>");
 * - `suite`: a sentence added after (`RIEN_ENREGISTRE`: "Rien n’a été enregistré.");
 * - `jeton`: the access token could not be obtained, and how (`REFUSE`, `ECHEC`, `DELAI`, `COUPURE`, `INDISPONIBLE`);
 * - `service`: the payroll service's own message, when it sent one;
 * any other parameter is a value the wording shows (`status`, `mio`, `recus`, `attendus`, `type`…).
 */
import { z } from 'zod'

/** Parameters of a reported code: names to strings or numbers (never a NIR, an IBAN, a token or a secret). */
export const ReportParams = z.record(z.string(), z.union([z.string(), z.number()]))
export type ReportParams = z.infer<typeof ReportParams>

/** Values of the `motif` parameter of `REPONSE_INVALIDE` (why an answer of the service could not be read). */
export const UNREADABLE_ANSWER = { typePdf: 'TYPE_PDF', typeJson: 'TYPE_JSON', json: 'JSON', champ: 'CHAMP' } as const

/** Values of the `jeton` parameter (the access token could not be obtained). */
export const TOKEN_FAILURE = {
  refuse: 'REFUSE',
  echec: 'ECHEC',
  delai: 'DELAI',
  coupure: 'COUPURE',
  injoignable: 'INJOIGNABLE',
  indisponible: 'INDISPONIBLE',
} as const

/** Values of the `contexte` parameter of an IPC error wrapping an API failure. */
export const REPORT_CONTEXTS = {
  referentiel: 'REFERENTIEL',
  declarations: 'DECLARATIONS',
  telechargement: 'TELECHARGEMENT',
  enregistrements: 'ENREGISTREMENTS',
  salarie: 'SALARIE',
  extraction: 'EXTRACTION',
  bulletins: 'BULLETINS',
  facturation: 'FACTURATION',
  cabinet: 'CABINET',
  contrat: 'CONTRAT',
  cumuls: 'CUMULS',
} as const

/** Values of the `suite` parameter. */
export const REPORT_FOLLOW_UPS = { rienEnregistre: 'RIEN_ENREGISTRE' } as const

/** Codes of `ProfilActif.probleme`: why the active profile cannot connect (the clerk can still work offline). */
export const PROFILE_PROBLEMS = {
  demoIndisponible: 'DEMO_INDISPONIBLE',
  secretAbsent: 'SECRET_ABSENT',
  coffreIndisponible: 'COFFRE_INDISPONIBLE',
} as const
