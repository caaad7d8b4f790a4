/**
 * The sandbox payroll API's one public entry: what a host program (main's demo mode, src-main/demo.ts) may use.
 * The sandbox is a second program beside the app: it imports only src-shared, and src-main imports only this file
 * (both enforced by eslint.config.js). `npm run sandbox` runs cli.ts; the tests reach its internals directly.
 */
export { startSandbox, type RunningSandbox, type SandboxOptions } from './server'
export type { SandboxLogger } from './http/operations'
export { DEMO_CREDENTIALS } from './store/seed'
