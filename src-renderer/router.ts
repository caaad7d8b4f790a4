/**
 * Routes of the app. Hash history: the page is always `app://paie/index.html`, so reloads and deep links
 * never ask the protocol for a path that is not a file.
 *
 * /                          cabinet: the dossiers
 * /dossiers/:siren           a dossier: its employees and links to the entry screens
 * /dossiers/:siren/evp       EVP grid (?periode=YYYY-MM plus the employee filter q, nic, du, au)
 * /dossiers/:siren/absence   absence form (?matricule=)
 * /dossiers/:siren/frais     professional expenses form (?matricule=)
 * /dossiers/:siren/prime     primes et indemnités form (?matricule=)
 * /dossiers/:siren/avantage  avantages en nature form (?matricule=)
 * /dossiers/:siren/acomptes the acomptes of a period, read only (?periode=YYYY-MM)
 * /dossiers/:siren/salaries/:matricule[/contrats/:contrat]  an employee's sheet, one of his contracts (read only)
 * /dossiers/:siren/extractions  the dossier's extractions: launch, follow, download the CSV
 * /dossiers/:siren/bulletins the payslips of a period (?periode=YYYY-MM), filters, batch workflow actions
 * /dossiers/:siren/bulletins/:id  one payslip: rubriques, elements of the month, notes, actions
 * /dossiers/:siren/import    spreadsheet import (file, mapping, preview, report)
 * /queue                     the queue (?state=&siren=&kind=&matricule=)
 * /entries/:clientId         one entry: fields, state, error, edit, cancel, history
 * /settings/profiles         connection profiles (demo, real services), test, activate, sign out
 * /declarations              DSN across the cabinet's dossiers, PDF summaries downloaded by main
 * /declarations/:id          one declaration, its PDF summary shown in the app (pdf.js) or downloaded
 * /facturation               billing counters of the cabinet over 12 months (table, charts, exports)
 * /utilisateurs              the cabinet's users, a new user, a dossier's assignees
 * /utilisateurs/:matricule   one user: record, dossiers assigned with dates, a new assignment
 */
import { createRouter, createWebHashHistory } from 'vue-router'
import type { RouteLocationNormalized, Router } from 'vue-router'

import { FORM_KINDS } from '../src-shared/domain/entry-kinds'

import AcomptesView from './features/dossier/AcomptesView.vue'
import BulletinsView from './features/bulletins/BulletinsView.vue'
import BulletinView from './features/bulletins/BulletinView.vue'
import CabinetView from './features/cabinet/CabinetView.vue'
import DeclarationsView from './features/declarations/DeclarationsView.vue'
import DossierView from './features/dossier/DossierView.vue'
import EntryView from './features/entry/EntryView.vue'
import EntryFormView from './features/entry-forms/EntryFormView.vue'
import EvpGridView from './features/evp/EvpGridView.vue'
import ImportView from './features/import/ImportView.vue'
import QueueView from './features/queue/QueueView.vue'
import { peopleRoutes } from './features/people/routes'
import { cumulsRoutes } from './features/cumuls/routes'
import ProfilesView from './features/settings/ProfilesView.vue'

/** Creates the router (one per app instance; tests create their own). */
export function createAppRouter(): Router {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'cabinet', component: CabinetView },
      { path: '/dossiers/:siren(\\d{9})', name: 'dossier', component: DossierView, props: true },
      { path: '/dossiers/:siren(\\d{9})/evp', name: 'evp', component: EvpGridView, props: true },
      // One form for every kind with a one-entry form (absence, frais, prime, avantage), driven by its kind spec.
      ...FORM_KINDS.map((kind) => ({
        path: `/dossiers/:siren(\\d{9})/${kind}`,
        name: kind,
        component: EntryFormView,
        props: (route: RouteLocationNormalized) => ({ siren: route.params['siren'], kind }),
      })),
      { path: '/dossiers/:siren(\\d{9})/acomptes', name: 'acomptes', component: AcomptesView, props: true },
      ...peopleRoutes,
      ...cumulsRoutes,
      { path: '/dossiers/:siren(\\d{9})/bulletins', name: 'bulletins', component: BulletinsView, props: true },
      { path: '/dossiers/:siren(\\d{9})/bulletins/:id', name: 'bulletin', component: BulletinView, props: true },
      { path: '/dossiers/:siren(\\d{9})/import', name: 'import', component: ImportView, props: true },
      { path: '/queue', name: 'queue', component: QueueView },
      { path: '/entries/:clientId', name: 'entry', component: EntryView, props: true },
      { path: '/settings/profiles', name: 'profiles', component: ProfilesView },
      { path: '/declarations', name: 'declarations', component: DeclarationsView },
      // Loaded on first visit: pdf.js stays out of the start-up bundle.
      {
        path: '/declarations/:id',
        name: 'declaration',
        component: () => import('./features/declarations/DeclarationView.vue'),
        props: true,
      },
      // Loaded on first visit: its chart library stays out of the start-up bundle.
      { path: '/facturation', name: 'billing', component: () => import('./features/billing/BillingView.vue') },
      { path: '/utilisateurs', name: 'users', component: () => import('./features/users/UsersView.vue') },
      {
        path: '/utilisateurs/:matricule',
        name: 'user',
        component: () => import('./features/users/UserView.vue'),
        props: true,
      },
      { path: '/:path(.*)*', redirect: '/' },
    ],
  })
}
