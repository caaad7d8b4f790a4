/** French messages of the cabinet users and assignments screens (issue 18, point 1). */
export const usersFr = {
  utilisateurs: {
    nav: 'Utilisateurs',
  },
}
