/**
 * Type of `.vue` imports for tools that do not read single-file components (ESLint's TypeScript service).
 * vue-tsc resolves the real components and ignores this declaration.
 */
declare module '*.vue' {
  import type { DefineComponent } from 'vue'

  const component: DefineComponent
  export default component
}
