// The theme chosen on this device (src/app/theme.ts, which keeps the same key and values), set on the page
// before its first paint: a classic script in the head holds the paint until it has run, which the app's
// module script cannot. A file of its own, as the Content-Security-Policy allows no inline script.
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
  try {
    var choice = window.localStorage.getItem(NAMES.THEME_STORAGE_KEY)
    var dark =
      choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
    document.documentElement.dataset.theme = dark ? 'dark' : 'light'
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
  } catch {
    // Storage blocked: the app's own module sets the theme as it starts.
  }
})()
