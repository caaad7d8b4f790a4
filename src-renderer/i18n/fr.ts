/**
 * French messages: the reference locale. Every other locale has exactly these keys (checked by its type).
 * Sections live in fr/*.ts by screen; vue-i18n syntax: `{name}` is a parameter, `|` separates plural forms;
 * `@`, `|`, `{` and `}` are reserved.
 */
import { appFr } from './fr/app'
import { cabinetFr } from './fr/cabinet'
import { queueFr } from './fr/queue'
import { settingsFr } from './fr/settings'
import { entryScreensFr } from './fr/entry-screens'
import { declarationsFr } from './fr/declarations'
import { erreursFr } from './fr/erreurs'
import { exportsFr } from './fr/exports'
import { toCheckFr } from './fr/to-check'
import { recordsFr } from './fr/records'
import { peopleFr } from './fr/people'
import { bulletinsFr } from './fr/bulletins'
import { monthFr } from './fr/month'
import { importFr } from './fr/import'
import { billingFr } from './fr/billing'
import { usersFr } from './fr/users'
import { cumulsFr } from './fr/cumuls'

export const fr = {
  ...appFr,
  ...cabinetFr,
  ...entryScreensFr,
  ...queueFr,
  ...settingsFr,
  ...declarationsFr,
  ...toCheckFr,
  ...recordsFr,
  ...peopleFr,
  ...bulletinsFr,
  ...monthFr,
  ...billingFr,
  ...usersFr,
  ...cumulsFr,
  ...erreursFr,
  ...exportsFr,
  ...importFr,
}

/** Shape of the messages of every locale. */
export type Messages = typeof fr
