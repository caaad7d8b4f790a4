/**
 * Static server of the bench: the built app (out/renderer) at `/` and the bench page (out/bench) at `/__bench/`,
 * on ONE loopback origin, so that the bench page and the app share IndexedDB (the end-to-end harness's server,
 * test/e2e/harness/static-server.ts, with the app's Content-Security-Policy header). Files are revalidated at every
 * load (`no-cache` + ETag): the page's scripts then come from Chromium's HTTP cache, where V8's code cache is kept,
 * as the app's scripts come from app:// with `codeCache` in Electron (src-main/shell/protocol.ts); a first load is
 * still a cold one (`cabinet.homeFirstRenderMs`, `cabinet.homeWarmRenderMs`).
 */
import { serveStatic, type StaticServer } from '../test/e2e/harness/static-server'

/** A running static server (`url`: `http://127.0.0.1:<port>`). */
export type BenchServer = StaticServer

/** Serves `appRoot` at `/` and `benchRoot` at `/__bench/` on a free loopback port. */
export function serveBench(appRoot: string, benchRoot: string): Promise<BenchServer> {
  return serveStatic(
    [
      { prefix: '/__bench/', root: benchRoot },
      { prefix: '/', root: appRoot },
    ],
    { cache: 'revalidate' },
  )
}
