/**
 * Renderer entry: the Vue app with Pinia, the router and i18n.
 */
import { createPinia } from 'pinia'
import { createApp } from 'vue'

import App from './App.vue'
import { createAppI18n } from './i18n'
import { createAppRouter } from './router'

createApp(App).use(createPinia()).use(createAppRouter()).use(createAppI18n()).mount('#app')
