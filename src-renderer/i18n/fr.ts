/**
 * French messages: the reference locale. Every other locale has exactly these keys (checked by its type).
 * vue-i18n syntax: `{name}` is a parameter; `@`, `|`, `{` and `}` are reserved.
 */
export const fr = {
  app: {
    name: 'Paie hors ligne',
  },
  accueil: {
    titre: 'Accueil',
    chargement: 'Chargement…',
    version: 'Version {version}',
    demo: 'Démo',
    demoExplication: 'Mode démonstration : les données viennent du service de paie fictif intégré.',
    indisponible: 'Les informations de l’application sont indisponibles.',
  },
}

/** Shape of the messages of every locale. */
export type Messages = typeof fr
