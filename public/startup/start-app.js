// What the page starts once it has painted its HTML (the header and 'Loading files...'), so that nothing
// competes with that paint and the paint waits for no script (decision 0038), then at once:
// 1. One request to the server while the app's script is still on its way: with a library kept in this
//    browser, what changed since it (`?changes=` with the ETag of each page it holds, decision 0083);
//    with none, the file list's first page. Which of the two is known from a look for the kept library
//    (its manifest in the private file system, decision 0077), begun as this script runs, before the
//    paint: it waits without taking the main thread, and its answer is in when the app's script runs.
//    The app takes both over (`takeStarted` in src/features/library/listing/early-start.ts; the
//    requests are `changesRequest` and `pageRequest(0)` of page-request.ts, held to them by
//    tests/src/app/start-app-script.test.ts). Asked only where the app would ask itself: with workers.
// 2. The app's script. The build turns it into a modulepreload marked data-app-script
//    (scripts/start-after-paint.ts): the browser downloads it at once, and this runs it. In development
//    there is no such link: the module script runs as written.
// A file of its own, as the Content-Security-Policy allows no inline script.
;(function () {
  // Names from src/lib/storage-names.ts, written by scripts/startup-names.ts: edit them there.
  var NAMES = {
    DENSITY_STORAGE_KEY: 'media-file-manager:card-density',
    KEPT_DIRECTORY: 'library',
    KEPT_LAYOUT_VERSION: 2,
    KEPT_LOOKUP_GLOBAL: 'mediaFileManagerKeptLibrary',
    KEPT_MANIFEST: 'manifest.json',
    KEPT_WRITER_LOCK: 'library-store',
    STARTED_REQUEST_GLOBAL: 'mediaFileManagerStartedRequest',
    THEME_STORAGE_KEY: 'media-file-manager:theme',
  }
  // End of the names.
  var STARTED_REQUEST = NAMES.STARTED_REQUEST_GLOBAL
  var KEPT_LOOKUP = NAMES.KEPT_LOOKUP_GLOBAL
  // A page's ETag as the server writes it; the cursor names each without its quotes (changesCursor).
  var PAGE_ETAG = /^"([A-Za-z0-9_-]{27})"$/
  var FIRST_PAGE_PATH = '/api/media-pages?shards=0-0'

  /** The kept library's manifest file, or null: none kept, or no private file system here. */
  function findManifest(storage) {
    return storage
      .getDirectory()
      .then(function (root) {
        return root.getDirectoryHandle(NAMES.KEPT_DIRECTORY)
      })
      .then(function (directory) {
        return directory.getFileHandle(NAMES.KEPT_MANIFEST)
      })
      .then(null, function () {
        return null
      })
  }

  /** The manifest that file holds, or null when it does not read as one. */
  function readManifest(handle) {
    if (handle === null) return Promise.resolve(null)
    return handle
      .getFile()
      .then(function (file) {
        return file.text()
      })
      .then(function (text) {
        var manifest = JSON.parse(text)
        return manifest && Array.isArray(manifest.etags) ? manifest : null
      })
      .then(null, function () {
        return null
      })
  }

  function changesPath(etags) {
    var parts = []
    for (var page = 0; page < etags.length; page++) {
      var match = typeof etags[page] === 'string' ? PAGE_ETAG.exec(etags[page]) : null
      parts.push(match ? match[1] : '')
    }
    return '/api/media-pages?changes=' + parts.join('.')
  }

  function ask(path) {
    return fetch(path, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    })
  }

  /**
   * Looks for the kept library at once, before the paint: a few calls to the private file system, which
   * take the main thread nothing while they wait, so that the answer is in when the app's script runs.
   * The promise of its manifest file (null: none), or null where nothing is looked for.
   */
  function lookForKeptLibrary() {
    // The app ran first: it has looked already.
    if (KEPT_LOOKUP in window) return null
    if (typeof Worker === 'undefined' || typeof fetch !== 'function') return null
    var storage = typeof navigator === 'undefined' ? undefined : navigator.storage
    // Where the worker keeps nothing (no private file system, no Web Locks), there is nothing to find.
    if (!storage || typeof storage.getDirectory !== 'function' || !navigator.locks) return null
    var found = findManifest(storage)
    // Said as soon as the file is found, so that the app starts its worker without waiting for the read.
    window[KEPT_LOOKUP] = found.then(function (handle) {
      return handle !== null
    })
    return found
  }

  function askServer(found) {
    // The app ran first: it has asked already.
    if (STARTED_REQUEST in window) return
    if (typeof Worker === 'undefined' || typeof fetch !== 'function') return
    var answer = found
      ? found.then(readManifest).then(function (kept) {
          return ask(kept === null ? FIRST_PAGE_PATH : changesPath(kept.etags))
        })
      : ask(FIRST_PAGE_PATH)
    // No answer at all is the app's to report when it takes the request over, not an unhandled rejection.
    answer.catch(function () {})
    window[STARTED_REQUEST] = answer
  }

  function runApp() {
    var link = document.querySelector('link[data-app-script]')
    if (!link) return
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = 'anonymous'
    script.src = link.href
    document.head.appendChild(script)
  }

  var keptManifest = lookForKeptLibrary()
  var started = false
  function start() {
    if (started) return
    started = true
    askServer(keptManifest)
    runApp()
  }

  // A page out of sight paints nothing, and does not wait for a paint.
  if (document.visibilityState === 'hidden') {
    start()
    return
  }
  var observing = false
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        start()
      }).observe({ type: 'paint', buffered: true })
      observing = true
    }
  } catch {
    // No paint timing: the next frame stands in for it.
  }
  if (!observing) {
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
  }
  // Never later than this: a page whose paint is held up (a slow style sheet) starts all the same.
  setTimeout(start, 1000)
})()
