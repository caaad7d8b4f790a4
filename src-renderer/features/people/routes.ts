/**
 * Routes of the dossier's people (issue 16), spread into the app's router (router.ts): the employee sheet, a new
 * contract, one of his contracts, and the dossier's extractions. Matricule and contract number as the API spells them (1 to 20
 * letters, digits, `_` or `-`).
 */
import type { Component } from 'vue'
import type { RouteRecordRaw } from 'vue-router'

// Loaded on first visit, each its own chunk (src-renderer/router.ts).
const SalarieSheetView = (): Promise<{ default: Component }> => import('./SalarieSheetView.vue')
const ContratCreateView = (): Promise<{ default: Component }> => import('./ContratCreateView.vue')
const ContratView = (): Promise<{ default: Component }> => import('./ContratView.vue')
const ExtractionsView = (): Promise<{ default: Component }> => import('./ExtractionsView.vue')

/** Loaders of the screens of these routes (the app prefetches them once the home is shown). */
export const peopleScreens: readonly (() => Promise<{ default: Component }>)[] = [
  SalarieSheetView,
  ContratView,
  ContratCreateView,
  ExtractionsView,
]

const DOSSIER = '/dossiers/:siren(\\d{9})'
const SALARIE = `${DOSSIER}/salaries/:matricule([A-Za-z0-9_-]{1,20})`

export const peopleRoutes: RouteRecordRaw[] = [
  { path: SALARIE, name: 'salarie', component: SalarieSheetView, props: true },
  { path: `${SALARIE}/nouveau-contrat`, name: 'contratNouveau', component: ContratCreateView, props: true },
  { path: `${SALARIE}/contrats/:contrat([A-Za-z0-9_-]{1,20})`, name: 'contrat', component: ContratView, props: true },
  { path: `${DOSSIER}/extractions`, name: 'extractions', component: ExtractionsView, props: true },
]
