import { Folder, File } from 'lucide-react'
import type { MediaRecord } from '../../../contract/record'
import { formatBytes } from '../../../lib/format-bytes'
import { countOf } from '../../../lib/plural'
import { readZipEntries } from '../api/read-zip-entries'
import { useFileRead } from '../api/use-file-read'

/**
 * What a ZIP archive holds, read from its central directory (the end of the file, not the whole of it):
 * each entry's path and unpacked size. The footer's Download gets the archive itself.
 */
export function ArchivePreview({ record, url }: { record: MediaRecord; url: string }) {
  const state = useFileRead(url, record.file_size, readZipEntries)
  if (state.kind === 'loading')
    return (
      <div className="preview preview--text">
        <p className="preview__loading" role="status">
          Loading preview…
        </p>
      </div>
    )
  if (state.kind === 'failed')
    return (
      <div className="preview preview--none">
        <p role="alert">The archive's contents could not be read. Download it to open it.</p>
      </div>
    )
  const { entries, total } = state.value
  const files = entries.filter((entry) => !entry.folder)
  const unpacked = files.reduce((sum, entry) => sum + entry.size, 0)
  return (
    <div className="preview preview--text">
      <p className="preview__note">
        {countOf(total, 'entry', 'entries')}
        {entries.length === total && `, ${formatBytes(unpacked)} unpacked`}
        {entries.length < total && `; the first ${String(entries.length)} are listed`}
      </p>
      <ul className="preview__text preview__archive" tabIndex={0} aria-label={`${record.title} (contents)`}>
        {entries.map((entry, index) => (
          <li key={`${String(index)}-${entry.name}`}>
            {entry.folder ? <Folder size={14} aria-hidden="true" /> : <File size={14} aria-hidden="true" />}
            <span className="preview__archive-name">{entry.name}</span>
            {!entry.folder && <span className="preview__archive-size">{formatBytes(entry.size)}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
