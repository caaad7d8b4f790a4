/**
 * Routes of the app. Hash history: the page is always `app://paie/index.html`, so reloads and deep links
 * never ask the protocol for a path that is not a file.
 */
import { createRouter, createWebHashHistory } from 'vue-router'
import type { Router } from 'vue-router'

import HomeView from './features/accueil/HomeView.vue'

/** Creates the router (one per app instance; tests create their own). */
export function createAppRouter(): Router {
  return createRouter({
    history: createWebHashHistory(),
    routes: [{ path: '/', name: 'accueil', component: HomeView }],
  })
}
