/**
 * Every name the app keeps something under in the browser, and the one name its startup script and the
 * app share, defined once. The startup scripts in `public/startup/` (theme-init.js, start-app.js), which
 * run before the app's code and cannot import it, carry these values in a block that
 * `scripts/startup-names.ts` writes from this module (at every build and dev server start;
 * tests/scripts/startup-names.test.ts fails when a block is stale). This module imports nothing and
 * exports only strings and numbers, so that the generator reads it as it is.
 *
 * localStorage holds small preferences of this device only; the library is kept in the private file
 * system alone (decision 0077).
 */

/** localStorage: the colour theme chosen on this device (src/app/theme.ts, theme-init.js). */
export const THEME_STORAGE_KEY = 'media-file-manager:theme'

/** localStorage: the grid's card density chosen on this device (card-density.ts). */
export const DENSITY_STORAGE_KEY = 'media-file-manager:card-density'

/** The directory under the origin's private file system that holds the kept library (0052, 0077). */
export const KEPT_DIRECTORY = 'library'

/** The kept library's manifest in that directory: a library without one is not kept. */
export const KEPT_MANIFEST = 'manifest.json'

/**
 * The kept library's layout version. Bumped whenever what it writes changes shape: a manifest of
 * another layout is not read, and the store is written again from the server's pages.
 */
export const KEPT_LAYOUT_VERSION = 2

/** A generation's files of rows and of where each row starts (8 bytes each), in its own directory. */
export const KEPT_ROWS = 'rows'
export const KEPT_ROW_STARTS = 'row-starts'

/**
 * The rows the page draws first from the kept library on a reload: as many as the server's first page
 * holds at most (`SHARD_IDS`, which tests/src/lib/storage-names.test.ts holds it to).
 */
export const KEPT_FIRST_ROWS = 500

/** The Web Lock whose holder writes the kept library (decision 0039); readers never take it. */
export const KEPT_WRITER_LOCK = 'library-store'

/**
 * Not storage: the properties of `window` under which start-app.js leaves, for the app to take over
 * (early-start.ts), its request to the server (decisions 0038, 0083: the first page, or with a kept
 * library what changed since) and its look for a kept library (a promise of whether one is there, 0077).
 */
export const STARTED_REQUEST_GLOBAL = 'mediaFileManagerStartedRequest'
export const KEPT_LOOKUP_GLOBAL = 'mediaFileManagerKeptLibrary'
/** Not storage: where start-app.js leaves the kept library's first rows as it read them (0083). */
export const KEPT_FIRST_ROWS_GLOBAL = 'mediaFileManagerKeptFirstRows'
