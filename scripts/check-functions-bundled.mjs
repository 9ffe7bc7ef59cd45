// Fails unless every function in netlify/functions has a bundle in .netlify/functions after a build.
import { readdirSync, existsSync } from 'node:fs'
import { basename, extname } from 'node:path'

const sources = readdirSync('netlify/functions').filter((file) => /\.(m?[jt]s)$/.test(file))
const missing = sources
  .map((file) => basename(file, extname(file)))
  .filter((name) => !existsSync(`.netlify/functions/${name}.zip`))

if (missing.length > 0) {
  console.error(`Functions that did not bundle: ${missing.join(', ')}`)
  process.exit(1)
}
console.log(`All ${String(sources.length)} functions bundled.`)
