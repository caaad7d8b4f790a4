import { appEn } from './en/app'
import { cabinetEn } from './en/cabinet'
import { fileEn } from './en/file'
import { reglagesEn } from './en/reglages'
import { saisieEn } from './en/saisie'
import { declarationsEn } from './en/declarations'
import { erreursEn } from './en/erreurs'
import { exportsEn } from './en/exports'
import { verificationEn } from './en/verification'
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
  ...erreursEn,
  ...exportsEn,
}
