/**
 * The production build served by `netlify dev` over a seeded library, as the browser suites over the
 * real app open it: the shard files of `seedShardFiles` (made once per size, kept under the system's
 * temporary folder) linked into netlify dev's own Blobs directory with the id counter beside them, then
 * the functions the screen calls first bundled before anything is timed.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../../support/netlify-dev.ts'
import { loadServer } from './in-process.ts'
import { seedShardFiles } from './seed-records.ts'

/**
 * The id counter the app keeps beside its shards (`counters/records`, `{ next }`), as after `count`
 * creates: without it the server reads every id as never given out, and an edit of a seeded file answers
 * "File N not found" (a listing reads only the shards). Not part of the kept shard files: one small file.
 */
async function seedIdCounter(storeDirectory: string, count: number): Promise<void> {
  await mkdir(join(storeDirectory, 'counters'), { recursive: true })
  await writeFile(join(storeDirectory, 'counters', 'records'), JSON.stringify({ next: count + 1 }))
}

/** The site netlify dev names the stores of a project with no linked site. */
export const DEV_SITE_ID = 'unlinked'

/**
 * `size` seeded records and their id counter in the media store of a Blobs server's `directory` (as
 * netlify dev lays it out under `.netlify/blobs-serve`, site `DEV_SITE_ID`).
 */
export async function seedBlobsDirectory(directory: string, size: number): Promise<void> {
  const seeding = performance.now()
  // The Blobs client names a site-wide store `site:<name>` on the server.
  const storeDirectory = join(directory, 'entries', DEV_SITE_ID, 'site:media')
  await mkdir(storeDirectory, { recursive: true })
  const shards = await seedShardFiles(await loadServer(), storeDirectory, size)
  await seedIdCounter(storeDirectory, size)
  const seconds = ((performance.now() - seeding) / 1000).toFixed(1)
  console.log(`seeded ${String(shards)} shards in ${seconds} s`)
}

async function startDev(appDir: string, size: number, sourceRoot?: string): Promise<NetlifyDev> {
  const projectDir = await createProjectDir(sourceRoot)
  try {
    await rm(join(projectDir, 'dist'), { recursive: true, force: true })
    await cp(appDir, join(projectDir, 'dist'), { recursive: true })
    await seedBlobsDirectory(join(projectDir, '.netlify', 'blobs-serve'), size)
    return await startNetlifyDev(projectDir, { timeoutMs: 180_000 })
  } catch (error) {
    await removeProjectDir(projectDir)
    throw error
  }
}

/**
 * netlify dev over `appDir` (a build of `build-app.ts`) and `size` seeded records, its functions those
 * of `sourceRoot` (another checkout) when given, else this one's; stop it and remove its `dir` when done
 * (`removeProjectDir`).
 */
export async function startSeeded(appDir: string, size: number, sourceRoot?: string): Promise<NetlifyDev> {
  const dev = await startDev(appDir, size, sourceRoot)
  console.log(`netlify dev at ${dev.baseUrl} with ${size.toLocaleString('en-US')} records (${appDir})`)
  // netlify dev bundles each function on its first call: neither side should pay that in a run.
  for (const path of ['/api/media', '/api/media-pages?shards=0-0', '/api/access']) {
    await (await fetch(new URL(path, dev.baseUrl))).arrayBuffer()
  }
  return dev
}
