/** Route of the cumuls of a dossier (issue 16, point 4), spread into the app's router (router.ts). */
import type { Component } from 'vue'
import type { RouteRecordRaw } from 'vue-router'

/** Loader of the cumuls screen, its own chunk (src-renderer/router.ts prefetches it once the home is shown). */
export const CumulsView = (): Promise<{ default: Component }> => import('./CumulsView.vue')

export const cumulsRoutes: RouteRecordRaw[] = [
  { path: '/dossiers/:siren(\\d{9})/cumuls', name: 'cumuls', component: CumulsView, props: true },
]
