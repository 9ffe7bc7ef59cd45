/**
 * The production build served by `netlify dev` over a seeded library, as the browser suites over the
 * real app open it: the shard files of `seedShardFiles` (made once per size, kept under the system's
 * temporary folder) linked into netlify dev's own Blobs directory, then the functions the screen calls
 * first bundled before anything is timed.
 */
import { cp, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../../support/netlify-dev.ts'
import { loadServer } from './in-process.ts'
import { seedShardFiles } from './seed-records.ts'

/** The site netlify dev names the stores of a project with no linked site. */
const DEV_SITE_ID = 'unlinked'

async function startDev(appDir: string, size: number): Promise<NetlifyDev> {
  const projectDir = await createProjectDir()
  try {
    await rm(join(projectDir, 'dist'), { recursive: true, force: true })
    await cp(appDir, join(projectDir, 'dist'), { recursive: true })
    const directory = join(projectDir, '.netlify', 'blobs-serve')
    await mkdir(directory, { recursive: true })
    const seeding = performance.now()
    const shards = await seedShardFiles(
      await loadServer(),
      // The Blobs client names a site-wide store `site:<name>` on the server.
      join(directory, 'entries', DEV_SITE_ID, 'site:media'),
      size,
    )
    const seconds = ((performance.now() - seeding) / 1000).toFixed(1)
    console.log(`seeded ${String(shards)} shards in ${seconds} s`)
    return await startNetlifyDev(projectDir, { timeoutMs: 180_000 })
  } catch (error) {
    await removeProjectDir(projectDir)
    throw error
  }
}

/**
 * netlify dev over `appDir` (a build of `build-app.ts`) and `size` seeded records; stop it and remove
 * its `dir` when done (`removeProjectDir`).
 */
export async function startSeeded(appDir: string, size: number): Promise<NetlifyDev> {
  const dev = await startDev(appDir, size)
  console.log(`netlify dev at ${dev.baseUrl} with ${size.toLocaleString('en-US')} records (${appDir})`)
  // netlify dev bundles each function on its first call: neither side should pay that in a run.
  for (const path of ['/api/media', '/api/media-pages?shards=0-3', '/api/access']) {
    await (await fetch(new URL(path, dev.baseUrl))).arrayBuffer()
  }
  return dev
}
