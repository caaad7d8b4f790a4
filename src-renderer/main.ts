/**
 * Renderer entry: learns the active connection profile, wires the services on its database (`window.api`, sync
 * coordinator), mounts the Vue app with Pinia, the router and i18n once its first screen is resolved (router.ts,
 * `mountWhenRouted`), then loads the reference cache and starts the sync coordinator. Once the reference cache is
 * read, the other screens' chunks are loaded while the page is idle (router.ts, `prefetchScreens`).
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
  const router = createAppRouter()
  // Mounted once the first screen (a lazy one after a reload) is resolved: see mountWhenRouted.
  await mountWhenRouted(createApp(App).use(pinia).use(router).use(i18n), router, '#app')
  const reference = useReferenceStore(pinia)
  const sync = useSyncStore(pinia)
  // The other screens' chunks once the home has its data, when the page is idle (issue 19: not in the first render).
  void reference.load().finally(() => {
    window.requestIdleCallback(() => void prefetchScreens(), { timeout: 2000 })
  })
  void sync.start()
  refreshOnReconnect(storeToRefs(sync).online, () => reference.refresh())
  useCabinetStore(pinia).follow()
  usePeopleWritesStore(pinia).start()
}

void start()
