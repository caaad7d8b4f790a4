/**
 * Runs first, while the page's modules load: asks the origin's IndexedDB for its list of databases, which makes
 * Chromium open the origin's store (its LevelDB) now rather than when the app's own database opens, after every
 * module is evaluated. At a start that store is closed, and opening it is the browser process's work (~150 ms with a
 * cabinet of 20 000 employees; docs/performance.md, "The home: the origin's store opened at once"). The list itself is
 * not used: nothing is read, written or created here, and a failure changes nothing (the app's open reports its own).
 * A classic script, not a module: it runs as soon as it is parsed, before the modules are fetched and evaluated.
 */
'use strict'
;(function openStore(idb) {
  if (idb === undefined || typeof idb.databases !== 'function') return
  idb.databases().catch(function ignore() {
    return undefined
  })
})(globalThis.indexedDB)
