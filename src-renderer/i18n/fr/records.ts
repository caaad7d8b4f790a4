/**
 * French messages of the period's records (issue 14): the list of what the service holds beside this workstation's
 * entries, its age, the duplicate warnings of the entry screens, and « Reprendre le mois précédent » (`reprise`).
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
  acomptes: {
    titre: 'Acomptes — {dossier}',
    retour: 'Retour au dossier',
    lectureSeule:
      'Lecture seule : l’API ne permet que de consulter les acomptes. Ils sont lus sur le service avec les autres éléments de la période et restent lisibles hors ligne.',
    periode: 'Période',
    nombre: 'Aucun acompte | 1 acompte | {n} acomptes',
    total: 'total {montant}',
  },
  identique: {
    avertissement: 'Le service détient déjà un élément identique, saisi le {date}. Enregistrer quand même ?',
    confirmer: 'Enregistrer quand même',
    grille: 'Déjà sur le service (saisi le {date}). Appuyez de nouveau sur Entrée pour enregistrer quand même.',
  },
  reprise: {
    bouton: 'Reprendre le mois précédent',
    titre: 'Éléments de {periode} à reprendre sur {courante}',
    aide: 'Tous les EVP du mois précédent sont proposés : décochez ceux qui ne se répètent pas. Rien n’est enregistré avant votre confirmation.',
    lecture: 'Lecture du mois précédent…',
    vide: 'Rien à reprendre : aucun EVP du mois précédent pour un salarié présent, un code proposé et une cellule encore vide.',
    jamaisLus: 'Le mois précédent n’a jamais été lu sur le service : rien à proposer avant la prochaine connexion.',
    lus: 'Mois précédent lu sur le service le {date}.',
    courantePasLue:
      'Cette période n’a pas encore été lue sur le service : un élément qu’il détient déjà peut être proposé. Vérifiez avant d’envoyer.',
    contrat: 'contrat {numero}',
    brouillons: 'Enregistrer en brouillon | Enregistrer en brouillons ({n})',
    envoyer: 'Mettre en file d’envoi | Mettre en file d’envoi ({n})',
    annuler: 'Annuler',
    resultatBrouillons: 'Aucun brouillon enregistré. | 1 brouillon enregistré. | {n} brouillons enregistrés.',
    resultatEnvoi: 'Aucun élément mis en file d’envoi. | 1 élément mis en file d’envoi. | {n} éléments mis en file d’envoi.',
    refuses: 'Refusé par les contrôles : {n}. | Refusés par les contrôles : {n}.',
  },
}
