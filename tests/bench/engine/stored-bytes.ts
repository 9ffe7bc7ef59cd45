async function fileSize(handle: FileSystemFileHandle): Promise<number> {
  try {
    return (await handle.getFile()).size
  } catch {
    return Number.NaN
  }
}

/** Bytes each top-level entry of the origin's OPFS holds, and the origin's whole usage. */
async function bytesUnder(dir: FileSystemDirectoryHandle): Promise<number> {
  let total = 0
  for await (const handle of dir.values()) {
    // A file another handle holds open for writing (the SQLite pool's) may refuse to be read.
    if (handle.kind === 'file') total += await fileSize(handle)
    else total += await bytesUnder(handle)
  }
  return total
}

export async function storedBytes(): Promise<Record<string, number>> {
  const root = await navigator.storage.getDirectory()
  const bytes: Record<string, number> = {}
  for await (const handle of root.values()) {
    bytes[`opfs:${handle.name}`] = handle.kind === 'file' ? await fileSize(handle) : await bytesUnder(handle)
  }
  const estimate = await navigator.storage.estimate()
  return { ...bytes, originUsageBytes: estimate.usage ?? 0 }
}
