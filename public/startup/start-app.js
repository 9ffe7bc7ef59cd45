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
    KEPT_FIRST_ROWS: 500,
    KEPT_FIRST_ROWS_GLOBAL: 'mediaFileManagerKeptFirstRows',
    KEPT_LAYOUT_VERSION: 2,
    KEPT_LOOKUP_GLOBAL: 'mediaFileManagerKeptLibrary',
    KEPT_MANIFEST: 'manifest.json',
    KEPT_ROWS: 'rows',
    KEPT_ROW_STARTS: 'row-starts',
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

  /** The kept library's directory and manifest file, or null: none kept, or no private file system here. */
  function findManifest(storage) {
    return storage
      .getDirectory()
      .then(function (root) {
        return root.getDirectoryHandle(NAMES.KEPT_DIRECTORY)
      })
      .then(function (directory) {
        return directory.getFileHandle(NAMES.KEPT_MANIFEST).then(function (file) {
          return { directory: directory, file: file }
        })
      })
      .then(null, function () {
        return null
      })
  }

  /** The manifest that file holds, as bytes and read, or null when it does not read as one. */
  function readManifest(found) {
    return found
      .then(function (where) {
        if (where === null) return null
        return where.file
          .getFile()
          .then(function (file) {
            return file.arrayBuffer()
          })
          .then(function (bytes) {
            var manifest = JSON.parse(new TextDecoder().decode(bytes))
            return manifest && Array.isArray(manifest.etags) ? { bytes: bytes, manifest: manifest } : null
          })
      })
      .then(null, function () {
        return null
      })
  }

  /**
   * The first rows of the kept library as bytes (`KEPT_FIRST_ROWS` of them at most: their starts, then
   * the rows up to the last one's end), with the manifest: the page decodes and checks them
   * (`startedFiles`, kept-files.ts) as it would the files. Null when none could be read.
   */
  function readFirstRows(found, read) {
    return Promise.all([found, read])
      .then(function (both) {
        var where = both[0]
        var kept = both[1]
        if (where === null || kept === null) return null
        var generation = String(kept.manifest.generation)
        var count = Math.max(0, Math.min(Number(kept.manifest.count) || 0, NAMES.KEPT_FIRST_ROWS))
        return where.directory
          .getDirectoryHandle(generation)
          .then(function (directory) {
            return Promise.all([
              directory.getFileHandle(NAMES.KEPT_ROW_STARTS),
              directory.getFileHandle(NAMES.KEPT_ROWS),
            ])
          })
          .then(function (handles) {
            return Promise.all([handles[0].getFile(), handles[1].getFile()])
          })
          .then(function (files) {
            return files[0]
              .slice(0, (count + 1) * 8)
              .arrayBuffer()
              .then(function (starts) {
                var end = starts.byteLength === (count + 1) * 8 ? new Float64Array(starts)[count] : 0
                return files[1]
                  .slice(0, end)
                  .arrayBuffer()
                  .then(function (rows) {
                    return {
                      manifest: kept.bytes,
                      generation: generation,
                      starts: starts,
                      rows: rows,
                      rowsSize: files[1].size,
                    }
                  })
              })
          })
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
   * Its first rows are read as well (readFirstRows). The promise of its manifest as read (null: none, or
   * unreadable), or null where nothing is looked for.
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
    window[KEPT_LOOKUP] = found.then(function (where) {
      return where !== null
    })
    var read = readManifest(found)
    window[NAMES.KEPT_FIRST_ROWS_GLOBAL] = readFirstRows(found, read)
    return read
  }

  function askServer(read) {
    // The app ran first: it has asked already.
    if (STARTED_REQUEST in window) return
    if (typeof Worker === 'undefined' || typeof fetch !== 'function') return
    var answer = read
      ? read.then(function (kept) {
          return ask(kept === null ? FIRST_PAGE_PATH : changesPath(kept.manifest.etags))
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
