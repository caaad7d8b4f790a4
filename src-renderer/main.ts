/**
 * Renderer entry: wires the services (database, `window.api`, sync coordinator), mounts the Vue app with Pinia,
 * the router and i18n, then loads the reference cache and starts the sync coordinator.
 */
import { createPinia, storeToRefs } from 'pinia'
import { createApp } from 'vue'

import App from './App.vue'
import { createAppI18n } from './i18n'
import { createAppRouter } from './router'
import { bootstrapServices } from './services/bootstrap'
import { refreshOnReconnect } from './services/reconnect'
import { useReferenceStore } from './stores/reference'
import { useSyncStore } from './stores/sync'

bootstrapServices()
const pinia = createPinia()
createApp(App).use(pinia).use(createAppRouter()).use(createAppI18n()).mount('#app')
const reference = useReferenceStore(pinia)
const sync = useSyncStore(pinia)
void reference.load()
void sync.start()
refreshOnReconnect(storeToRefs(sync).online, () => reference.refresh())
