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
import type { App, Component } from 'vue'
import type { RouteLocationNormalized, Router } from 'vue-router'

import { FORM_KINDS } from '../src-shared/domain/entry-kinds'

import CabinetView from './features/cabinet/CabinetView.vue'
import { CumulsView, cumulsRoutes } from './features/cumuls/routes'
import { peopleRoutes, peopleScreens } from './features/people/routes'

/** Loads a screen's chunk: its module, the component as default export. */
type ScreenLoader = () => Promise<{ default: Component }>

/*
 * Every screen but the home is its own chunk, loaded on first visit (issue 19, point 3: the cabinet's first render
 * waited for the parse of every screen and its libraries). `prefetchScreens` loads them (all but two) once the home is
 * shown, so that a later navigation finds them in memory (offline too: the chunks are files of the app).
 */
const DossierView: ScreenLoader = () => import('./features/dossier/DossierView.vue')
const EvpGridView: ScreenLoader = () => import('./features/evp/EvpGridView.vue')
const EntryFormView: ScreenLoader = () => import('./features/entry-forms/EntryFormView.vue')
const AcomptesView: ScreenLoader = () => import('./features/dossier/AcomptesView.vue')
const BulletinsView: ScreenLoader = () => import('./features/bulletins/BulletinsView.vue')
const BulletinView: ScreenLoader = () => import('./features/bulletins/BulletinView.vue')
const ImportView: ScreenLoader = () => import('./features/import/ImportView.vue')
const QueueView: ScreenLoader = () => import('./features/queue/QueueView.vue')
const EntryView: ScreenLoader = () => import('./features/entry/EntryView.vue')
const ProfilesView: ScreenLoader = () => import('./features/settings/ProfilesView.vue')
const DeclarationsView: ScreenLoader = () => import('./features/declarations/DeclarationsView.vue')
// pdf.js and the chart library come with these two only; not prefetched (2 MB of parse and heap for screens a clerk
// opens once a month): loaded on first visit, as before.
const DeclarationView: ScreenLoader = () => import('./features/declarations/DeclarationView.vue')
const BillingView: ScreenLoader = () => import('./features/billing/BillingView.vue')
const UsersView: ScreenLoader = () => import('./features/users/UsersView.vue')
const UserView: ScreenLoader = () => import('./features/users/UserView.vue')

/** Loaders of the lazy screens to prefetch, most visited first (the order `prefetchScreens` loads them in). */
const SCREENS: readonly ScreenLoader[] = [
  DossierView,
  EvpGridView,
  EntryFormView,
  QueueView,
  EntryView,
  BulletinsView,
  BulletinView,
  AcomptesView,
  ...peopleScreens,
  CumulsView,
  ImportView,
  ProfilesView,
  DeclarationsView,
  UsersView,
  UserView,
]

/**
 * Loads the chunk of every lazy screen, one after the other (a chunk's parse is a main-thread task: one at a time
 * leaves room for the clerk's input between them). A chunk that fails to load is skipped: the router tries again on
 * the visit and shows its own error then.
 * @returns when every chunk is loaded or has failed
 */
export async function prefetchScreens(): Promise<void> {
  for (const load of SCREENS) {
    try {
      await load()
    } catch {
      // The visit loads it again.
    }
  }
}

/**
 * Mounts `app` (which already uses `router`, so its first navigation has started) on `container` once the router has
 * resolved the window's first screen, its chunk included. Until then Vue Router does not follow the window's address,
 * and its first navigation ends by writing back the address it started from: a change of address made meanwhile (by
 * a test, or anything that sets `location.hash` while a lazy screen loads after a reload) was silently undone, and
 * the first screen stayed shown (the five e2e time-outs of the first lazy-screens attempt). So:
 * - an address change seen during the first navigation is applied once it ends (the last one, as a `replace`);
 * - the app is mounted after that, so nothing the clerk could act on is shown before the router follows the address.
 * The home is in the start-up chunk: its first render waits for nothing more. When the first screen's chunk fails to
 * load, the app is mounted anyway: the header and its navigation work, the screen's area stays empty.
 * @returns once the app is mounted
 */
export async function mountWhenRouted(app: App, router: Router, container: string | Element): Promise<void> {
  let moved = null as string | null
  const stopWatching = router.options.history.listen((to) => {
    moved = to
  })
  try {
    await router.isReady()
  } catch {
    // The first navigation failed (its chunk did not load); the router listens to the address all the same.
  }
  stopWatching()
  if (moved !== null && moved !== router.currentRoute.value.fullPath) {
    // A failure here is the router's own (reported on the console); the shell is mounted all the same.
    await router.replace(moved).catch(() => undefined)
  }
  app.mount(container)
}

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
      { path: '/declarations/:id', name: 'declaration', component: DeclarationView, props: true },
      { path: '/facturation', name: 'billing', component: BillingView },
      { path: '/utilisateurs', name: 'users', component: UsersView },
      { path: '/utilisateurs/:matricule', name: 'user', component: UserView, props: true },
      { path: '/:path(.*)*', redirect: '/' },
    ],
  })
}
