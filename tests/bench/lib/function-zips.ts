/**
 * Function zips as `netlify build` leaves them, unpacked and loaded the way a cold Lambda loads them: in a
 * fresh Node process, timing the import of the function's module alone (the platform's bootstrap, the
 * same in every zip, is left out).
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { inflateRawSync } from 'node:zlib'

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const SYMLINK_MODE = 0o120000

/** Unpacks `zipPath` into `directory` (stored and deflated entries, symlinks kept as symlinks). */
export async function unpackZip(zipPath: string, directory: string): Promise<string[]> {
  const zip = await readFile(zipPath)
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) throw new Error(`${zipPath}: not a zip`)
  const count = zip.readUInt16LE(end + 10)
  let entry = zip.readUInt32LE(end + 16)
  const names: string[] = []
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(entry) !== CENTRAL_ENTRY) throw new Error(`${zipPath}: bad central directory`)
    const method = zip.readUInt16LE(entry + 10)
    const compressedSize = zip.readUInt32LE(entry + 20)
    const nameLength = zip.readUInt16LE(entry + 28)
    const extraLength = zip.readUInt16LE(entry + 30)
    const commentLength = zip.readUInt16LE(entry + 32)
    const mode = zip.readUInt32LE(entry + 38) >>> 16
    const local = zip.readUInt32LE(entry + 42)
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength)
    entry += 46 + nameLength + extraLength + commentLength

    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`${zipPath}: bad local header`)
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const stored = zip.subarray(dataStart, dataStart + compressedSize)
    const data = method === 0 ? stored : inflateRawSync(stored)
    const target = resolve(directory, name)
    if (!target.startsWith(resolve(directory))) throw new Error(`${zipPath}: ${name} leaves the directory`)
    if (name.endsWith('/')) {
      await mkdir(target, { recursive: true })
      continue
    }
    await mkdir(dirname(target), { recursive: true })
    if ((mode & 0o170000) === SYMLINK_MODE) await symlink(data.toString('utf8'), target)
    else await writeFile(target, data)
    names.push(name)
  }
  return names
}

const run = promisify(execFile)

/** Milliseconds a fresh Node process takes to import `file` (the process's own start is not counted). */
export async function importMs(file: string): Promise<number> {
  const script = [
    'const started = performance.now()',
    `await import(${JSON.stringify(pathToFileURL(file).href)})`,
    'process.stdout.write(String(performance.now() - started))',
  ].join('\n')
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dirname(file),
    timeout: 60_000,
  })
  return Number(stdout)
}

/**
 * The function module inside an unpacked zip: `netlify/functions/<name>.mjs`, or `<name>.mjs` at the top
 * when the function imports nothing (either may end in `.js`).
 */
export function functionModule(directory: string, names: readonly string[], name: string): string {
  const candidates = ['netlify/functions/', ''].flatMap((folder) =>
    ['mjs', 'js'].map((extension) => `${folder}${name}.${extension}`),
  )
  const module = candidates.find((candidate) => names.includes(candidate))
  if (!module) throw new Error(`no module for ${name} in its zip (${names.join(', ')})`)
  return join(directory, module)
}
