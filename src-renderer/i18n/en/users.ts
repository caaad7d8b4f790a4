import type { usersFr } from '../fr/users'

/** English messages of the cabinet users and assignments screens. */
export const usersEn: typeof usersFr = {
  utilisateurs: {
    nav: 'Users',
  },
}
