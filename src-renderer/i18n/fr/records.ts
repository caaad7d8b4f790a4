/**
 * French messages of the period's records (issue 14): the list of what the service holds beside this workstation's
 * entries, its age, and the duplicate warnings of the entry screens.
 */
export const recordsFr = {
  enregistrements: {
    titre: 'Déjà sur la période {periode}',
    titreSalarie: 'Déjà sur la période {periode} pour {salarie}',
    lus: 'Lus sur le service le {date} (il y a {age})',
    jamaisLus: 'Pas encore lus sur le service : ils le seront à la prochaine connexion.',
    actualiser: 'Actualiser',
    actualisation: 'Actualisation…',
    vide: 'Aucun élément sur cette période.',
    droitManquant: '{type} : non lus, le droit « {categorie} » manque à votre accès API.',
    colonnes: { type: 'Type', salarie: 'Salarié', element: 'Élément', valeur: 'Valeur', creation: 'Saisi le', origine: 'Origine' },
    origines: { service: 'Service', local: 'Ce poste' },
    lectureSeule: 'lecture seule',
    periodeDates: 'du {du} au {au}',
    jour: 'le {date}',
    quantite: 'quantité {n}',
    taux: 'taux {n}',
  },
  identique: {
    avertissement: 'Le service détient déjà un élément identique, saisi le {date}. Enregistrer quand même ?',
    confirmer: 'Enregistrer quand même',
    grille: 'Déjà sur le service (saisi le {date}). Appuyez de nouveau sur Entrée pour enregistrer quand même.',
  },
}
