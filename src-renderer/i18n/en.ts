import type { Messages } from './fr'

/** English messages; same keys as the French reference. */
export const en: Messages = {
  app: {
    name: 'Offline payroll',
  },
  accueil: {
    titre: 'Home',
    chargement: 'Loading…',
    version: 'Version {version}',
    demo: 'Demo',
    demoExplication: 'Demo mode: data comes from the built-in sample payroll service.',
    indisponible: 'Application information is unavailable.',
  },
}
