import { toast } from '../../components/ui/toast'
import { FILES_PREFIX } from '../../contract/upload-paths'
import type { MediaRecord } from '../../contract/record'
import { fileRequest } from '../../lib/api-client'
import { errorMessage } from '../../lib/api-errors'
import { downloadName, DownloadStatusError, openInRanges } from '../../lib/download'
import { countOf } from '../../lib/plural'
import { safeUrl } from '../../lib/safe-url'
import { showZipProgress } from './components/show-progress'
import { buildZip, type ZipSource } from './model/build-zip'
import { problemSummary, REPORT_NAME } from './model/download-report'
import { archiveName, safeEntryName, uniqueNames } from './model/entry-names'
import { chooseTarget, discard, keep, writeArchive } from './model/save-archive'
import { ZipJob } from './model/zip-job'

type Zippable = Pick<MediaRecord, 'id' | 'title' | 'media_url' | 'file_size' | 'updated_at'>

/** A built-in file in 8 MiB ranges, any other host's in one request. */
async function openRecord(record: Zippable, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const url = safeUrl(record.media_url)
  if (url === null) throw new Error('it has no address that can be downloaded')
  if (url.startsWith(FILES_PREFIX)) return openInRanges(url, record.file_size, { signal })
  const response = await fileRequest(url, { signal })
  if (!response.ok) {
    await response.body?.cancel()
    throw new DownloadStatusError(response.status)
  }
  return response.body ?? new Blob([]).stream()
}

function dateOf(text: string): Date {
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? new Date() : date
}

/** The archive's entries: one per record, under a safe name no other entry (nor the report) has. */
export function zipSources(records: readonly Zippable[]): ZipSource[] {
  const names = uniqueNames(
    records.map((record) => safeEntryName(downloadName(record))),
    [REPORT_NAME],
  )
  return records.map((record, index) => ({
    name: names[index] ?? `file-${String(index + 1)}`,
    title: record.title,
    size: record.file_size,
    lastModified: dateOf(record.updated_at),
    open: (signal) => openRecord(record, signal),
  }))
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the save; the URL can go once the event loop moves on.
  setTimeout(() => {
    URL.revokeObjectURL(href)
  }, 0)
}

/**
 * Saves `records` as one ZIP, streamed while it is built, with a progress toast and Cancel
 * (docs/decisions/0003-zip-download.md). Files that cannot be read are named in the finishing toast
 * and in the archive's report; with none readable no archive is saved. Resolves to the ids zipped.
 */
export async function downloadAsZip(records: readonly Zippable[]): Promise<number[]> {
  const sources = zipSources(records)
  const name = archiveName(records.length)
  const job = new ZipJob(
    sources.length,
    sources.reduce((sum, source) => sum + Math.max(0, source.size), 0),
  )
  const target = await chooseTarget(name, job.current().bytesTotal)
  if (target === null) return []
  const { signal } = job.controller
  const hide = showZipProgress(job)
  const { stream, summary } = buildZip(sources, { signal, onProgress: job.update })
  try {
    const blob = await writeArchive(stream, target, signal)
    const { zipped, problems } = await summary
    if (zipped.length === 0) {
      await discard(target)
      toast.error(`${countOf(problems.length, 'file')} failed to process`, {
        description: problemSummary(0, problems),
      })
      return []
    }
    await keep(target)
    if (blob !== null) saveBlob(blob, name)
    toast.success(`${countOf(zipped.length, 'file')} processed successfully`, {
      description: `Saved as ${name}`,
    })
    if (problems.length > 0) {
      toast.error(`${countOf(problems.length, 'file')} failed to process`, {
        description: problemSummary(zipped.length, problems),
      })
    }
    const zippedNames = new Set(zipped)
    return records.filter((_, index) => zippedNames.has(sources[index]?.name ?? '')).map((r) => r.id)
  } catch (error) {
    await discard(target)
    if (!signal.aborted) {
      toast.error('Bulk operation failed', {
        description: errorMessage(error, 'The archive could not be saved'),
      })
    }
    return []
  } finally {
    hide()
  }
}
