/**
 * Demo mode: with no connection profile, main starts the sandbox payroll API in-process on a free loopback port
 * and the app talks to it with the demo credentials. The profile service (src-main/profiles/service.ts) starts it
 * when the built-in demo profile is active, which it is on a first start.
 */
import { DEMO_CREDENTIALS, startSandbox, type RunningSandbox } from '../src-sandbox'
import { log } from './log'

/** A running demo service: its base URL and the credentials main uses (never sent to the renderer). */
export interface DemoService {
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: string
  close(): Promise<void>
}

/**
 * Starts the embedded sandbox on 127.0.0.1, port chosen by the OS; its errors go to main's log.
 * @throws Error when no loopback port can be listened on.
 */
export async function startDemoService(start: typeof startSandbox = startSandbox): Promise<DemoService> {
  const sandbox: RunningSandbox = await start({ port: 0, logger: log })
  return {
    baseUrl: sandbox.url,
    clientId: DEMO_CREDENTIALS.client_id,
    clientSecret: DEMO_CREDENTIALS.client_secret,
    close: () => sandbox.close(),
  }
}
