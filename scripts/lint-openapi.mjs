#!/usr/bin/env node
/**
 * Lints the API's OpenAPI document (`GET /api/openapi.json`) with Redocly's CLI, under the rules of
 * redocly.yaml: builds the document as the function does (netlify/server/openapi/openapi-document.ts,
 * bundled whole with esbuild so that Node runs it anywhere), writes it to a temporary file and runs `redocly lint` on
 * it. Exits non-zero on any error; warnings are printed and pass. `npm test` runs it with the static checks.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

const directory = await mkdtemp(join(tmpdir(), 'media-openapi-'))
try {
  const module = join(directory, 'openapi-document.mjs')
  await build({
    entryPoints: ['netlify/server/openapi/openapi-document.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: module,
    logLevel: 'warning',
  })
  const { openApiDocument } = await import(pathToFileURL(module).href)
  const document = join(directory, 'openapi.json')
  await writeFile(document, JSON.stringify(openApiDocument(), null, 2))
  const code = await new Promise((resolve) => {
    const child = spawn('redocly', ['lint', document, '--config', 'redocly.yaml', '--format', 'stylish'], {
      stdio: 'inherit',
    })
    child.once('error', (error) => {
      console.error(`redocly could not start: ${error.message}`)
      resolve(1)
    })
    child.once('exit', (exitCode) => resolve(exitCode ?? 1))
  })
  process.exitCode = code
} finally {
  await rm(directory, { recursive: true, force: true })
}
