/** French messages of the cumuls of a dossier (issue 16, point 4): the filtered list, the grid, its draft and its PUT. */
export const cumulsFr = {
  cumuls: {
    lien: 'Cumuls',
    titre: '{dossier} — cumuls {annee}',
    retour: 'Retour au dossier',
    lus: 'Cumuls lus sur le service le {date} (il y a {age})',
    jamaisLus: 'Cumuls jamais lus sur ce poste : ils seront lus à la prochaine connexion.',
    horsLigne:
      'Hors ligne : les cumuls affichés sont ceux du cache. Vos modifications sont gardées sur ce poste ; l’envoi demande la connexion.',
    filtres: 'Filtres des cumuls',
    annee: 'Année',
    categories: 'Catégories',
    codes: 'Cumuls',
    codeMoteur: 'Code moteur',
    tous: 'Tous',
    filtrer: 'Filtrer',
    salarie: 'Salarié',
    colonneTitre: '{libelle} — catégorie {categorie}, code moteur {moteur}',
    grille: 'Cumuls {annee} par salarié',
    aucun: 'Aucun cumul pour ces filtres.',
    brouillon:
      'Aucune modification à envoyer | 1 modification à envoyer (gardée sur ce poste) | {n} modifications à envoyer (gardées sur ce poste)',
    envoyer: 'Envoyer les cumuls',
    envoiEnCours: 'Envoi…',
    abandonner: 'Abandonner les modifications',
    refus: 'Cellules à corriger',
    etat: {
      service: 'Valeur du service de paie',
      draft: 'Modifié sur ce poste, pas encore envoyé',
      unconfirmed: 'Envoyé sans réponse : sera relu avant tout nouvel envoi',
    },
    cellErreur: {
      celluleTropLongue: 'Cellule trop longue (valeur ignorée).',
      formule: "Formule refusée : une valeur ne peut pas commencer par =, +, - (hors nombre) ou {'@'}.",
      controle: 'Caractère de contrôle refusé (tabulation, saut de ligne…).',
      nombre: 'Montant illisible : saisissez par exemple 1 234,56.',
      quantiteTaux: 'Montant illisible : saisissez par exemple 1 234,56.',
      texteTropLong: 'Montant illisible : saisissez par exemple 1 234,56.',
      montant: 'Montant : 9 chiffres avant la virgule et 2 décimales au plus.',
    },
    envoi: {
      applique: 'Cumuls envoyés en une requête : {n} appliqué(s), {refus} refusé(s) par le service (voir les cellules en rouge).',
      inconnu:
        'Réponse perdue : {n} cumul(s) non confirmé(s) par la relecture. Ils seront relus avant tout nouvel envoi, rien ne sera envoyé deux fois.',
      refused: 'Envoi refusé par le service, rien n’a été appliqué : {raison}',
      not_sent: 'Envoi impossible pour l’instant, rien n’a été appliqué : {raison}',
      horsLigne: 'Hors ligne : les cumuls ne peuvent être envoyés qu’avec la connexion. Vos modifications restent gardées sur ce poste.',
      attente: 'Un envoi sans réponse peut encore être appliqué : nouvel essai possible après {heure}.',
    },
  },
}
