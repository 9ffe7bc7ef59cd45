/**
 * At or above this many bytes an archive goes straight to a file the user picks, where the browser can
 * (docs/decisions/0003-zip-download.md); below it, it is built in a Blob and saved as a download.
 */
export const STREAM_TO_DISK_BYTES = 500 * 1024 * 1024

/** Where an archive's bytes go: a file picked on disk, or memory then an ordinary download. */
export type ArchiveTarget =
  { kind: 'disk'; handle: SaveHandle; writable: WritableStream<Uint8Array> } | { kind: 'blob' }

/** The parts of the File System Access API used here; absent from TypeScript's DOM types. */
interface SaveHandle {
  createWritable: () => Promise<WritableStream<Uint8Array>>
  /** Chromium's way to delete the file picked: used when an archive is abandoned. */
  remove?: () => Promise<void>
}

type SavePicker = (options: {
  suggestedName: string
  types: { description: string; accept: Record<string, string[]> }[]
}) => Promise<SaveHandle>

function savePicker(): SavePicker | undefined {
  const picker = (globalThis as { showSaveFilePicker?: SavePicker }).showSaveFilePicker
  return picker?.bind(globalThis)
}

/**
 * Picks where the archive goes. Must run while the click that asked for it is still fresh, before any
 * file is read. Resolves to null when the user closes the picker: nothing is to be saved then. A
 * picker that fails any other way (blocked, not allowed in this frame) leaves the Blob.
 */
export async function chooseTarget(name: string, knownBytes: number): Promise<ArchiveTarget | null> {
  const pick = savePicker()
  if (pick === undefined || knownBytes < STREAM_TO_DISK_BYTES) return { kind: 'blob' }
  try {
    const handle = await pick({
      suggestedName: name,
      types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }],
    })
    return { kind: 'disk', handle, writable: await handle.createWritable() }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null
    console.warn('Saving straight to disk is not possible here; building the archive in memory', error)
    return { kind: 'blob' }
  }
}

/**
 * Writes the archive to `target` and resolves once it is all there: for a Blob target, to the Blob,
 * which the caller saves only if the archive is worth keeping. A disk target is left open (`keep` or
 * `discard` ends it).
 */
export async function writeArchive(
  stream: ReadableStream<Uint8Array>,
  target: ArchiveTarget,
  signal: AbortSignal,
): Promise<Blob | null> {
  if (target.kind === 'disk') {
    await stream.pipeTo(target.writable, { signal, preventClose: true })
    return null
  }
  const blob = await new Response(stream, { headers: { 'Content-Type': 'application/zip' } }).blob()
  signal.throwIfAborted()
  return blob
}

/** Finishes the file on disk. */
export async function keep(target: ArchiveTarget): Promise<void> {
  if (target.kind === 'disk') await target.writable.close()
}

/** Leaves nothing behind: the half-written file is dropped and the file picked is deleted. */
export async function discard(target: ArchiveTarget): Promise<void> {
  if (target.kind !== 'disk') return
  await target.writable.abort().catch(() => undefined)
  await target.handle.remove?.().catch((error: unknown) => {
    console.warn('The file picked for the archive could not be removed', error)
  })
}
