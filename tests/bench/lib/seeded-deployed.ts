/**
 * The production build served as the deployed site serves it, over the same seeded library as
 * `seeded-dev.ts`: the build's files with brotli and a deploy's caching (screen/app-server.ts), every
 * `/api/` path answered by the real functions in this process (lib/in-process.ts) over a local Blobs
 * server of the seeded shard files, as a warm deployed function answers, without netlify dev's fresh
 * worker per call.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { loadBundled, loadServer, type Server } from './in-process.ts'
import { startLocalBlobs, type LocalBlobs } from './local-blobs.ts'
import { DEV_SITE_ID, seedBlobsDirectory } from './seeded-dev.ts'

type AppServerModule = typeof import('../screen/app-server.ts')

export interface SeededLibrary {
  blobs: LocalBlobs
  lockDirectory: string
  stop: () => Promise<void>
}

/** A local Blobs server over `size` seeded records, shared by every deployed-like site of a run. */
export async function startSeededLibrary(size: number): Promise<SeededLibrary> {
  const root = await mkdtemp(join(tmpdir(), 'bench-deployed-'))
  try {
    const directory = join(root, 'blobs-serve')
    const lockDirectory = join(root, 'blobs-locks')
    await mkdir(lockDirectory, { recursive: true })
    await seedBlobsDirectory(directory, size)
    const blobs = await startLocalBlobs({ directory, siteID: DEV_SITE_ID })
    return {
      blobs,
      lockDirectory,
      stop: async () => {
        await blobs.stop()
        await rm(root, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
}

const servers = new Map<string, Promise<Server>>()

/**
 * The functions of this checkout, or of `sourceRoot` (another checkout, for an earlier build's own
 * server), loaded once per process: each bundle keeps its own stores and caches, as a deployed
 * function's warm instance does.
 */
function functionsOf(sourceRoot: string | undefined): Promise<Server> {
  const key = sourceRoot ?? ''
  let server = servers.get(key)
  if (server === undefined) {
    server =
      sourceRoot === undefined
        ? loadServer()
        : loadBundled<Server>(
            join(sourceRoot, 'tests', 'bench', 'lib', 'server-entry.ts'),
            `server-${String(servers.size)}`,
          )
    servers.set(key, server)
  }
  return server
}

export interface DeployedSite {
  baseUrl: string
  stop: () => Promise<void>
}

/** `appDir` (a build of build-app.ts) served deployed-like over `library`, by `sourceRoot`'s functions. */
export async function startDeployed(
  appDir: string,
  library: SeededLibrary,
  sourceRoot?: string,
): Promise<DeployedSite> {
  const server = await functionsOf(sourceRoot)
  server.replaceDocumentStore(
    new server.BlobsDocumentStore(
      library.blobs.store('media'),
      new server.FileKeyLock(library.lockDirectory),
    ),
    new server.BlobsByteStore(library.blobs.store('media-files')),
  )
  const { serveApp } = await loadBundled<AppServerModule>(
    join(import.meta.dirname, '..', 'screen', 'app-server.ts'),
    'deployed-app-server',
  )
  const site = await serveApp(appDir, null, {
    compress: true,
    cdnCaching: true,
    api: (request) => server.routeToFunction(request),
  })
  console.log(`deployed-like site at ${site.origin} (${appDir})`)
  return { baseUrl: site.origin, stop: site.close }
}
