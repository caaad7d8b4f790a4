/**
 * French messages of the month's closing (issue 15, points 4 and 5): the control before sending payslips (#59) and
 * the month at a glance on the home screen (#60).
 */
export const monthFr = {
  controle: {
    lecture: 'Contrôle en cours : lecture du mois précédent, des éléments du mois et des bulletins…',
    echec: 'Contrôle incomplet : les données en cache sont utilisées.',
    seuil: 'Seuil d’écart avec le mois précédent (%)',
    ecarts:
      'Aucun écart de brut ou de net au-delà du seuil | 1 écart de brut ou de net au-delà du seuil | {n} écarts de brut ou de net au-delà du seuil',
    absents:
      'Aucun élément du mois absent des bulletins | 1 élément du mois absent des bulletins | {n} éléments du mois absents des bulletins',
    colonnes: { salarie: 'Salarié', brut: 'Brut (mois précédent → ce mois)', net: 'Net à payer (mois précédent → ce mois)' },
    raisons: {
      missing: 'sur aucun bulletin (recalculez le bulletin)',
      not_sent: 'pas encore envoyé au service',
      sans_bulletin: 'le salarié n’a pas de bulletin ce mois',
      non_lu: 'bulletin jamais lu sur ce poste',
    },
    rien: 'Contrôle sans remarque.',
    commentaire: 'Commentaire (pour continuer malgré ces remarques)',
    commentaireAide: 'Obligatoire, 3 caractères au moins : il est gardé avec le compte rendu de l’envoi.',
    rapport: 'Envoyé malgré le contrôle ({ecarts} écart(s) au-delà de {seuil} %, {absents} élément(s) absent(s)) :',
  },
  mois: {
    colonnes: { bulletins: 'Bulletins du mois', prochaine: 'Prochaine action' },
    jamaisLus: 'Jamais lus sur ce poste',
    aucun: 'Aucun bulletin',
    lusIlYa: 'lus il y a {age}',
    restants: 'Tous envoyés aux salariés | 1 à terminer | {n} à terminer',
    lireTout: 'Lire les bulletins du mois',
    lecture: 'Lecture des bulletins : {done} sur {total}',
    echecs: 'Aucune lecture en échec | 1 dossier non lu (réessayez) | {n} dossiers non lus (réessayez)',
    filtreAction: 'Prochaine action',
    toutes: 'Toutes',
    trier: 'Trier par « {colonne} »',
    actions: {
      corriger: 'Corriger les saisies refusées',
      verifier: 'Vérifier les saisies',
      synchroniser: 'Envoyer les saisies en attente',
      lire_bulletins: 'Lire les bulletins',
      calculer: 'Calculer les bulletins',
      recalculer: 'Recalculer les bulletins refusés',
      controler: 'Contrôler les bulletins',
      envoyer_employeur: 'Envoyer à l’employeur',
      valider: 'Valider les bulletins',
      envoyer_salarie: 'Envoyer aux salariés',
      corriger_dsn: 'Corriger la DSN rejetée',
      deposer_dsn: 'Déposer la DSN',
      termine: 'Mois terminé',
    },
  },
}
