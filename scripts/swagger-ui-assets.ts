import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

import type { Plugin } from 'vite'

import { SWAGGER_UI_DIRECTORY, SWAGGER_UI_FILES } from '../src/contract/api-docs.ts'

/**
 * Copies Swagger UI's prebuilt browser bundle (swagger-ui-dist) into the build, for the API's reference
 * page (`GET /api/docs`) alone: static files beside the app's assets, never imported by the app.
 */
export function swaggerUiAssetsPlugin(): Plugin {
  return {
    name: 'media-file-manager:swagger-ui-assets',
    apply: 'build',
    async generateBundle() {
      const directory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
      for (const file of Object.values(SWAGGER_UI_FILES)) {
        this.emitFile({
          type: 'asset',
          fileName: `${SWAGGER_UI_DIRECTORY}/${file}`,
          source: await readFile(join(directory, file)),
        })
      }
    },
  }
}
