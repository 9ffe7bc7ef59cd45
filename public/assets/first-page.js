// The file list's first page, asked for as the page's HTML is read, while the app's script is still on its
// way (decision 0038). The app takes this request over (src/features/library/api/first-page-request.ts,
// which keeps the same names and request) and hands its answer to the listing worker. Asked only where
// the app would ask itself: on a visit with no first page kept in this browser and with workers. A file
// of its own, as the Content-Security-Policy allows no inline script.
;(function () {
  var KEY = 'mediaFileManagerFirstPage'
  // The app ran first (this script came late): it has asked for the page already.
  if (KEY in window) return
  var kept = null
  try {
    kept = window.localStorage.getItem('media-file-manager-listing-first:4')
  } catch {
    // Storage blocked: nothing is kept, and the app asks as on a first visit.
  }
  if (kept !== null || typeof Worker === 'undefined' || typeof fetch !== 'function') return
  var answer = fetch('/api/media-pages?shards=0-3', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    cache: 'no-store',
  })
  // No answer at all is the app's to report when it takes the request over, not an unhandled rejection.
  answer.catch(function () {})
  window[KEY] = answer
})()
