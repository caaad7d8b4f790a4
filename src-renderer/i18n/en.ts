import { appEn } from './en/app'
import { cabinetEn } from './en/cabinet'
import { fileEn } from './en/queue'
import { reglagesEn } from './en/settings'
import { saisieEn } from './en/entry-screens'
import { declarationsEn } from './en/declarations'
import { verificationEn } from './en/to-check'
import type { Messages } from './fr'

/** English messages; same keys as the French reference (sections in en/*.ts). */
export const en: Messages = {
  ...appEn,
  ...cabinetEn,
  ...saisieEn,
  ...fileEn,
  ...reglagesEn,
  ...declarationsEn,
  ...verificationEn,
}
