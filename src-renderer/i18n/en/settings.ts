import type { settingsFr } from '../fr/settings'

/** English messages of the connection settings and missing rights; same keys as settingsFr. */
export const settingsEn: typeof settingsFr = {
  reglages: {
    titre: 'Payroll service connections',
    intro:
      'One profile per payroll service. The API client secret is kept in the system keychain, never in the app; each profile’s entries stay separate on this workstation.',
    profils: 'Profiles',
    actif: 'Active',
    demo: 'Built-in demo',
    secretEnregistre: 'Secret in the keychain',
    secretAbsent: 'Signed out (no secret)',
    activer: 'Activate',
    tester: 'Test the connection',
    modifier: 'Edit',
    deconnecter: 'Sign out',
    supprimer: 'Remove',
    confirmerSupprimer: 'Remove the profile “{nom}” and its secret from the keychain?',
    confirmerDeconnecter: 'Delete the secret of “{nom}” from the keychain? Entries stay on this workstation.',
    nouveau: 'New profile',
    modification: 'Edit the profile “{nom}”',
    nom: 'Profile name',
    baseUrl: 'Service address (https://…)',
    clientId: 'API client id',
    secret: 'API client secret',
    secretGarde: 'Leave empty to keep the stored secret.',
    enregistrer: 'Test and save',
    annuler: 'Cancel',
    enregistre: 'Profile “{nom}” saved: credentials accepted by the service.',
    testEnCours: 'Testing…',
    resultat: 'Connection succeeded',
    connecteEn: 'Signed in as {prenom} {nom} ({email}), firm {cabinet}.',
    version: 'Service version: {version}',
    categories: 'API categories',
    autorisee: 'allowed',
    refusee: 'not allowed',
    probleme: 'Cannot connect: {message}',
    langue: {
      titre: 'Language',
      libelle: 'Interface language',
      noms: { fr: 'Français', en: 'English' },
    },
  },
  droits: {
    refuseMoi:
      'Your credentials lack the “{libelle}” right (according to the payroll service): this feature is disabled. Entries already made wait in the queue; ask your manager for this right.',
    titre: 'Feature disabled',
  },
}
