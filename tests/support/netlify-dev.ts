/**
 * Starts and stops `netlify dev` on a throw-away copy of the project, so the API tests run the real
 * functions, redirects and local Blobs server without touching the developer's own `.netlify` data.
 * Used by the vitest globalSetup (`netlify-dev.setup.ts`) and by any test that needs its own server.
 */
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository this file belongs to. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

const NETLIFY_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'netlify')
const READY_PATH = '/api/folder-list'
const LOG_LIMIT_CHARS = 200_000

export interface DevPorts {
  port: number
  functionsPort: number
  staticServerPort: number
}

export interface NetlifyDev {
  /** `http://127.0.0.1:<port>`, the address of the netlify dev proxy. */
  baseUrl: string
  /** The project directory netlify dev runs in. */
  dir: string
  ports: DevPorts
  /** Everything netlify dev printed so far (the last 200,000 characters). */
  log: () => string
  /** Kills the whole process group and waits for the main process to exit. */
  stop: () => Promise<void>
}

/**
 * Makes a project directory for netlify dev under the system temp directory. Its `.netlify` (functions
 * bundles, `blobs-serve` data, `blobs-locks`) starts empty and lives only there.
 *
 * `netlify.toml`, `package.json`, `tsconfig.json` and `node_modules/` are symlinks to the repository;
 * `dist/` holds a one-line index.html, so no build is needed. `netlify/` and `src/` (under 1 MB) are
 * copies, for two reasons found by trying the symlinks:
 * - netlify dev bundles each function with esbuild, which resolves a symlinked entry file to its real
 *   path and writes the bundle under that path, while the bootstrap file netlify dev writes imports it
 *   under the symlinked path: every call then fails with "Cannot find module
 *   .../.netlify/functions-serve/<name>/<temp dir>/netlify/functions/<name>.mjs".
 * - netlify dev watches every file a function imports and rebuilds the function when one changes. With
 *   symlinked sources, an edit made in the repository while the tests run triggers a rebuild, and a
 *   request arriving meanwhile gets a 500 "Cannot find module". Copies pin the sources of the run.
 * Packages are still reached through the `node_modules` symlink, which esbuild follows. `sourceRoot`
 * names another checkout whose `netlify/` and `src/` to copy instead (a benchmark's earlier build).
 */
export async function createProjectDir(sourceRoot: string = REPO_ROOT): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'media-api-test-'))
  for (const name of ['netlify.toml', 'package.json', 'tsconfig.json', 'node_modules']) {
    await symlink(join(REPO_ROOT, name), join(dir, name))
  }
  for (const name of ['netlify', 'src']) {
    await cp(join(sourceRoot, name), join(dir, name), { recursive: true })
  }
  await mkdir(join(dir, 'dist'))
  await writeFile(join(dir, 'dist', 'index.html'), '<!doctype html><title>Media File Manager</title>\n')
  return dir
}

export async function removeProjectDir(dir: string): Promise<void> {
  // `rm` removes the symlinks themselves, never what they point to.
  await rm(dir, { recursive: true, force: true, maxRetries: 3 })
}

/**
 * Where fresh ports are picked: below Linux's ephemeral range (32768-60999), which the system also hands
 * out as the local end of every outgoing connection. A port the system chose for a listener (listen(0))
 * could be taken by any connection a test opened before netlify dev bound it: the start then failed with
 * "Could not acquire required 'port'".
 */
const PORT_RANGE = { from: 20_000, to: 32_000 }

/** Ports nobody listens on right now, all different, picked at random from PORT_RANGE. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = []
  while (ports.length < count) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from))
    if (!ports.includes(port) && (await isPortFree(port))) ports.push(port)
  }
  return ports
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => {
      resolve(false)
    })
    server.listen(port, () => {
      server.close(() => {
        resolve(true)
      })
    })
  })
}

async function waitForPortsFree(ports: DevPorts, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (const port of [ports.port, ports.functionsPort, ports.staticServerPort]) {
    while (!(await isPortFree(port))) {
      if (Date.now() > deadline) throw new Error(`port ${String(port)} is still in use`)
      await sleep(200)
    }
  }
}

/** The environment netlify dev gets: no Netlify account settings, no telemetry, no browser. */
function devEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    // NETLIFY_* could point the CLI at a real site; NODE_ENV=test is vitest's, not the server's.
    if (name.startsWith('NETLIFY_') || name === 'NODE_ENV') continue
    env[name] = value
  }
  return {
    ...env,
    // The CLI starts with `#!/usr/bin/env node`: this picks the project's pinned Node 22.
    PATH: [join(REPO_ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(':'),
    NETLIFY_TELEMETRY_DISABLED: '1',
    BROWSER: 'none',
  }
}

export interface StartOptions {
  /** Reuse these ports (a restart keeps its address); fresh ones otherwise. */
  ports?: DevPorts
  timeoutMs?: number
  /** Also append everything netlify dev prints to this file. */
  logFile?: string
  /**
   * Environment variables for the functions, such as `APP_ACCESS_TOKEN` for a gated instance (whose
   * readiness check then sends the token).
   */
  env?: Record<string, string>
}

/** Starts on fresh ports this many times at most when another process takes one of them first. */
const PORT_ATTEMPTS = 3
const PORT_TAKEN = /Could not acquire required '\w+'/

/**
 * Starts `netlify dev --offline --internal-disable-edge-functions` in `dir`, in its own process group,
 * and resolves once `GET /api/folder-list` answers 200. On failure the error carries the captured log.
 * On fresh ports, a port taken between its pick and netlify dev's bind is met by starting again on
 * others; ports the caller gives (a restart keeping its address) are waited for instead.
 */
export async function startNetlifyDev(dir: string, options: StartOptions = {}): Promise<NetlifyDev> {
  if (options.ports) {
    await waitForPortsFree(options.ports, 15_000)
    return startOn(dir, options.ports, options)
  }
  for (let attempt = 1; ; attempt++) {
    const [port = 0, functionsPort = 0, staticServerPort = 0] = await freePorts(3)
    try {
      return await startOn(dir, { port, functionsPort, staticServerPort }, options)
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !(error instanceof Error) || !PORT_TAKEN.test(error.message))
        throw error
    }
  }
}

async function startOn(dir: string, ports: DevPorts, options: StartOptions): Promise<NetlifyDev> {
  const timeoutMs = options.timeoutMs ?? 90_000
  const baseUrl = `http://127.0.0.1:${String(ports.port)}`

  const child = spawn(
    NETLIFY_BIN,
    [
      'dev',
      '--offline',
      '--internal-disable-edge-functions',
      '--port',
      String(ports.port),
      '--functions-port',
      String(ports.functionsPort),
      '--staticServerPort',
      String(ports.staticServerPort),
    ],
    {
      cwd: dir,
      env: { ...devEnvironment(), ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const logStream =
    options.logFile === undefined ? undefined : createWriteStream(options.logFile, { flags: 'a' })
  const capture = (chunk: Buffer) => {
    logStream?.write(chunk)
    output += chunk.toString('utf8')
    if (output.length > LOG_LIMIT_CHARS * 2) output = output.slice(-LOG_LIMIT_CHARS)
  }
  child.stdout.on('data', capture)
  child.stderr.on('data', capture)
  const log = () => output.slice(-LOG_LIMIT_CHARS)

  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => {
      resolve(`could not start: ${error.message}`)
    })
    child.once('exit', (code, signal) => {
      resolve(`exited with ${signal ?? `code ${String(code)}`}`)
    })
  })
  let exitReason: string | undefined
  void exited.then((reason) => {
    exitReason = reason
  })

  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return
    try {
      // Negative pid: the whole group (the CLI, its esbuild service and anything else it started).
      process.kill(-child.pid, signal)
    } catch {
      // The group is already gone.
    }
  }
  // Should the test runner itself be killed, do not leave netlify dev running.
  const killOnExit = () => {
    killGroup('SIGKILL')
  }
  process.once('exit', killOnExit)

  const shutDown = async () => {
    process.removeListener('exit', killOnExit)
    if (exitReason === undefined) {
      killGroup('SIGTERM')
      const exitedInTime = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
      if (!exitedInTime) {
        killGroup('SIGKILL')
        await exited
      }
    }
    // Whatever the CLI left behind in its group.
    killGroup('SIGKILL')
    if (logStream) {
      await new Promise((resolve) => {
        logStream.end(resolve)
      })
    }
  }
  // Stopping twice (a failed start, then a teardown) waits for the same shutdown.
  let stopping: Promise<void> | undefined
  const stop = () => (stopping ??= shutDown())

  const deadline = Date.now() + timeoutMs
  let lastAnswer = 'no answer yet'
  while (Date.now() < deadline) {
    if (exitReason !== undefined) {
      await stop()
      throw new Error(`netlify dev ${exitReason} before it was ready\n--- netlify dev log ---\n${log()}`)
    }
    try {
      const response = await fetch(`${baseUrl}${READY_PATH}`, {
        headers: readyHeaders(options.env),
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      if (response.status === 200) return { baseUrl, dir, ports, log, stop }
      lastAnswer = `status ${String(response.status)}`
    } catch (error) {
      lastAnswer = error instanceof Error ? error.message : String(error)
    }
    await sleep(250)
  }
  await stop()
  throw new Error(
    `netlify dev did not answer GET ${READY_PATH} with 200 within ${String(timeoutMs)} ms ` +
      `(last: ${lastAnswer})\n--- netlify dev log ---\n${log()}`,
  )
}

/** The readiness check's headers: the access token, when the instance is started with one. */
function readyHeaders(env: Record<string, string> = {}): Record<string, string> {
  const token = env.APP_ACCESS_TOKEN?.trim()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
