// What the page starts once it has painted its HTML (the header and 'Loading files...'), so that nothing
// competes with that paint and the paint waits for no script (decision 0038), then at once:
// 1. The file list's first page, asked for on every visit while the app's script is still on its way.
//    The app takes this request over (src/features/library/listing/first-page-request.ts, which keeps
//    the request of `pageRequest(0)`) and draws its answer, or the first rows of the library kept in this
//    browser if it reads them first (decision 0077). Asked only where the app would ask itself: with workers.
//    Beside it, a look for that kept library (its manifest in the private file system), so that the app
//    knows as its code runs whether to start its worker at once, to answer from it.
// 2. The app's script. The build turns it into a modulepreload marked data-app-script
//    (scripts/start-after-paint.ts): the browser downloads it at once, and this runs it. In development
//    there is no such link: the module script runs as written.
// A file of its own, as the Content-Security-Policy allows no inline script.
;(function () {
  // Names from src/lib/storage-names.ts, written by scripts/startup-names.ts: edit them there.
  var NAMES = {
    DENSITY_STORAGE_KEY: 'media-file-manager:card-density',
    FIRST_PAGE_GLOBAL: 'mediaFileManagerFirstPage',
    KEPT_DIRECTORY: 'library',
    KEPT_LAYOUT_VERSION: 2,
    KEPT_LOOKUP_GLOBAL: 'mediaFileManagerKeptLibrary',
    KEPT_MANIFEST: 'manifest.json',
    KEPT_WRITER_LOCK: 'library-store',
    THEME_STORAGE_KEY: 'media-file-manager:theme',
  }
  // End of the names.
  var FIRST_PAGE = NAMES.FIRST_PAGE_GLOBAL
  var KEPT_LOOKUP = NAMES.KEPT_LOOKUP_GLOBAL

  function askFirstPage() {
    // The app ran first: it has asked for the page already.
    if (FIRST_PAGE in window) return
    if (typeof Worker === 'undefined' || typeof fetch !== 'function') return
    var answer = fetch('/api/media-pages?shards=0-0', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    })
    // No answer at all is the app's to report when it takes the request over, not an unhandled rejection.
    answer.catch(function () {})
    window[FIRST_PAGE] = answer
  }

  function lookForKeptLibrary() {
    if (KEPT_LOOKUP in window || typeof Worker === 'undefined' || typeof navigator === 'undefined') return
    var storage = navigator.storage
    // Where the worker keeps nothing (no private file system, no Web Locks), there is nothing to find.
    if (!storage || typeof storage.getDirectory !== 'function' || !navigator.locks) return
    window[KEPT_LOOKUP] = storage
      .getDirectory()
      .then(function (root) {
        return root.getDirectoryHandle(NAMES.KEPT_DIRECTORY)
      })
      .then(function (directory) {
        return directory.getFileHandle(NAMES.KEPT_MANIFEST)
      })
      .then(
        function () {
          return true
        },
        function () {
          return false
        },
      )
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

  var started = false
  function start() {
    if (started) return
    started = true
    askFirstPage()
    lookForKeptLibrary()
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
