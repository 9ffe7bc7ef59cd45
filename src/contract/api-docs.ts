/**
 * The API's reference page (`GET /api/docs`, netlify/functions/api-docs.mts): Swagger UI's prebuilt
 * browser bundle, copied from swagger-ui-dist into the build at these paths (scripts/swagger-ui-assets.ts;
 * not under `/assets/`, whose content-named files are kept a year: these keep their names),
 * and the page's own script (public/startup/api-docs.js), which starts it on the document. Only that page
 * loads them; the app's bundle never imports Swagger UI.
 */
export const SWAGGER_UI_DIRECTORY = 'swagger-ui'

/** The files of swagger-ui-dist the build copies, by what the page does with them. */
export const SWAGGER_UI_FILES = {
  script: 'swagger-ui-bundle.js',
  style: 'swagger-ui.css',
  /** The bundle's licence notices, which its first line points to. */
  licenses: 'swagger-ui-bundle.js.LICENSE.txt',
} as const

export const swaggerUiAsset = (file: keyof typeof SWAGGER_UI_FILES): string =>
  `/${SWAGGER_UI_DIRECTORY}/${SWAGGER_UI_FILES[file]}`

/** The page's own script: a file, as the Content-Security-Policy allows no inline script. */
export const API_DOCS_SCRIPT = '/startup/api-docs.js'

/** The element Swagger UI renders into, and the attribute naming the document it reads. */
export const API_DOCS_ROOT_ID = 'api-reference'
