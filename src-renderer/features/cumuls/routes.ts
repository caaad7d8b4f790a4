/** Route of the cumuls of a dossier (issue 16, point 4), spread into the app's router (router.ts). */
import type { RouteRecordRaw } from 'vue-router'

import CumulsView from './CumulsView.vue'

export const cumulsRoutes: RouteRecordRaw[] = [
  { path: '/dossiers/:siren(\\d{9})/cumuls', name: 'cumuls', component: CumulsView, props: true },
]
