/**
 * French messages: the reference locale. Every other locale has exactly these keys (checked by its type).
 * Sections live in fr/*.ts by screen; vue-i18n syntax: `{name}` is a parameter, `|` separates plural forms;
 * `@`, `|`, `{` and `}` are reserved.
 */
import { appFr } from './fr/app'
import { cabinetFr } from './fr/cabinet'
import { fileFr } from './fr/file'
import { reglagesFr } from './fr/reglages'
import { saisieFr } from './fr/saisie'
import { declarationsFr } from './fr/declarations'
import { erreursFr } from './fr/erreurs'
import { exportsFr } from './fr/exports'
import { verificationFr } from './fr/verification'

export const fr = {
  ...appFr,
  ...cabinetFr,
  ...saisieFr,
  ...fileFr,
  ...reglagesFr,
  ...declarationsFr,
  ...verificationFr,
  ...erreursFr,
  ...exportsFr,
}

/** Shape of the messages of every locale. */
export type Messages = typeof fr
