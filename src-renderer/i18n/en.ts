import { appEn } from './en/app'
import { cabinetEn } from './en/cabinet'
import { queueEn } from './en/queue'
import { settingsEn } from './en/settings'
import { entryScreensEn } from './en/entry-screens'
import { declarationsEn } from './en/declarations'
import { erreursEn } from './en/erreurs'
import { exportsEn } from './en/exports'
import { toCheckEn } from './en/to-check'
import { recordsEn } from './en/records'
import { peopleEn } from './en/people'
import { bulletinsEn } from './en/bulletins'
import { monthEn } from './en/month'
import { importEn } from './en/import'
import { billingEn } from './en/billing'
import { usersEn } from './en/users'
import { cumulsEn } from './en/cumuls'
import type { Messages } from './fr'

/** English messages; same keys as the French reference (sections in en/*.ts). */
export const en: Messages = {
  ...appEn,
  ...cabinetEn,
  ...entryScreensEn,
  ...queueEn,
  ...settingsEn,
  ...declarationsEn,
  ...toCheckEn,
  ...recordsEn,
  ...peopleEn,
  ...bulletinsEn,
  ...monthEn,
  ...billingEn,
  ...usersEn,
  ...cumulsEn,
  ...erreursEn,
  ...exportsEn,
  ...importEn,
}
