/**
 * Renderer entry: learns the active connection profile, wires the services on its database (`window.api`, sync
 * coordinator), mounts the Vue app with Pinia, the router and i18n once its first screen is resolved (router.ts,
 * `mountWhenRouted`) while the reference cache's dossiers are read, then reads its code lists and employees and starts
 * the sync coordinator. Once the reference cache is read, the other screens' chunks are loaded while the page is idle
 * (router.ts, `prefetchScreens`).
 */
import { createPinia, storeToRefs } from 'pinia'
import { createApp } from 'vue'

import App from './App.vue'
import { createAppI18n } from './i18n'
import { applyDocumentLanguage, storedLocale } from './i18n/preference'
import { wordReported, wordsOf } from './i18n/reported'
import { createAppRouter, mountWhenRouted, prefetchScreens } from './router'
import { bootstrapServices } from './services/bootstrap'
import { refreshOnReconnect } from './services/reconnect'
import { useCabinetStore } from './stores/cabinet'
import { usePeopleWritesStore } from './stores/peopleWrites'
import { useProfileStore } from './stores/profile'
import { useReferenceStore } from './stores/reference'
import { useSyncStore } from './stores/sync'

/** Longest wait for a frame before the employees are read (see afterPaint), ms. */
const PAINT_WAIT_MS = 100

/**
 * Asks main which profile is active, then opens THAT profile's database (one per profile: demo data never mixes
 * with real data). Without an answer nothing is opened: a message says so rather than guessing a database.
 */
async function start(): Promise<void> {
  const locale = storedLocale()
  applyDocumentLanguage(locale)
  const i18n = createAppI18n(locale)
  const active = await window.api['profile:active']({})
  if (!active.ok) {
    const root = document.getElementById('app')
    const words = wordsOf(i18n.global)
    if (root !== null) root.textContent = words.t('erreurs.demarrage', { raison: wordReported(words, 'demande', active.error) })
    return
  }
  bootstrapServices(active.value.dbName)
  const pinia = createPinia()
  useProfileStore(pinia).setActive(active.value)
  const reference = useReferenceStore(pinia)
  // The home's dossiers are read while the app mounts: the database opens during the mount, not after it (issue 19).
  const head = reference.loadHead()
  const router = createAppRouter()
  // Mounted once the first screen (a lazy one after a reload) is resolved: see mountWhenRouted.
  await mountWhenRouted(createApp(App).use(pinia).use(router).use(i18n), router, '#app')
  // The rest once the home has its dossiers: the code lists at once (a read the home does not wait for), the
  // employees after them and the frame that paints the dossiers, then, when the page is idle, the other screens'
  // chunks; the sync and the people writes, whose reads would delay the dossiers' own.
  void head
    .then(() => Promise.all([reference.loadCodes(), afterPaint()]))
    .then(() => reference.loadPeople())
    .finally(() => {
      window.requestIdleCallback(() => void prefetchScreens(), { timeout: 2000 })
    })
  await head.catch(() => undefined)
  const sync = useSyncStore(pinia)
  void sync.start()
  refreshOnReconnect(storeToRefs(sync).online, () => reference.refresh())
  useCabinetStore(pinia).follow()
  usePeopleWritesStore(pinia).start()
}

/** Resolves once the next frame is painted, or after {@link PAINT_WAIT_MS} (a hidden window paints no frame). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, PAINT_WAIT_MS)
    window.requestAnimationFrame(() => {
      window.setTimeout(() => {
        window.clearTimeout(timer)
        resolve()
      }, 0)
    })
  })
}

void start()
