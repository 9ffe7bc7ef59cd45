import type { MediaRecord } from '../../../../contract/record'
import { KEPT_MANIFEST } from '../../../../lib/storage-names'
import type { KeptFiles, KeptReader } from './kept-files'
import { decoder, isManifest, KEPT_LAYOUT, recordsOfRows, ROW_STARTS, ROWS } from './kept-layout'

/** The first rows of the kept library and how many pages the listing had when it was kept. */
export interface KeptFirstRows {
  records: MediaRecord[]
  pages: number
}

/**
 * The first `most` rows of the kept library, read by the page itself on a reload (decision 0077): they
 * are the first screen of the default query as last seen (the rows are kept in the title order), there
 * before the worker has started. Two reads of the files' first bytes; null when nothing readable is
 * kept, or the files are in use in a way that refuses the read (the screen then waits for the server's
 * first page or the worker, as before).
 */
export async function readKeptFirstRows(files: KeptFiles, most: number): Promise<KeptFirstRows | null> {
  const readers: KeptReader[] = []
  try {
    const text = await files.read(KEPT_MANIFEST)
    if (text === null) return null
    const manifest: unknown = JSON.parse(decoder.decode(text))
    if (!isManifest(manifest) || manifest.layout !== KEPT_LAYOUT) return null
    const count = Math.min(manifest.count, most)
    const starts = await files.reader(`${manifest.generation}/${ROW_STARTS}`)
    if (starts !== null) readers.push(starts)
    const rows = await files.reader(`${manifest.generation}/${ROWS}`)
    if (rows !== null) readers.push(rows)
    if (starts === null || rows === null || rows.size !== manifest.bytes) return null
    if (count === 0) return { records: [], pages: manifest.etags.length }
    // Copied out, where a Float64Array may sit: a read's bytes need not be aligned to 8.
    const startBytes = (await starts.read(0, (count + 1) * 8)).slice()
    if (startBytes.length !== (count + 1) * 8) return null
    const end = new Float64Array(startBytes.buffer)[count] ?? 0
    const bytes = await rows.read(0, end)
    if (bytes.length !== end) return null
    return { records: recordsOfRows(bytes, manifest.shapes), pages: manifest.etags.length }
  } catch {
    return null
  } finally {
    for (const reader of readers) reader.close()
  }
}
