import { categoryLabel } from '../../../contract/categories'
import { isFinished, type BatchSnapshot } from '../batch-state'
import { categoryFor } from '../file-details'
import { UPLOAD_WORDS } from '../messages'
import type { UploadBatch } from '../upload-batch'
import type { RejectedFile } from '../validate-files'
import { FileDropZone } from './file-drop-zone'
import { UploadItemRow } from './upload-item-row'

interface FilesPanelProps {
  batch: UploadBatch
  snapshot: BatchSnapshot
  /** The spec's alert for a drop that would pass the batch's limit. */
  alert: string | null
  rejected: readonly RejectedFile[]
  onFiles: (files: readonly File[]) => void
  onRetry: (id: string) => void
}

/** The "Upload files" tab: the drop zone, what it refused, each chosen file's row, and the batch's progress. */
export function FilesPanel({ batch, snapshot, alert, rejected, onFiles, onRetry }: FilesPanelProps) {
  const { items, shared, running } = snapshot
  const waiting = items.filter((item) => item.state.status === 'waiting').length
  const retrying = items.filter(
    (item) => item.state.status === 'uploading' && item.state.retrying !== undefined,
  ).length
  const finished = items.filter(isFinished).length
  return (
    <div role="tabpanel" id="upload-panel-files" aria-labelledby="upload-tab-files">
      <FileDropZone onFiles={onFiles} disabled={running} />
      {alert && (
        <p className="form__error" role="alert">
          {alert}
        </p>
      )}
      {rejected.length > 0 && (
        <ul className="form__error upload__rejected" role="alert">
          {rejected.map(({ file, error }) => (
            <li key={`${file.name}-${String(file.lastModified)}`}>{error}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="upload__items" aria-label="Files to upload">
          {items.map((item) => (
            <UploadItemRow
              key={item.id}
              item={item}
              category={categoryLabel(categoryFor(item.file, shared))}
              running={running}
              shared={shared}
              alone={items.length === 1}
              onDetails={(change) => {
                batch.setDetails(item.id, change)
              }}
              onClearFilled={(field) => {
                batch.clearFilled(item.id, field)
              }}
              onRemove={() => {
                batch.remove(item.id)
              }}
              onChoose={(choice) => {
                batch.choose(item.id, choice)
              }}
              onRetry={() => {
                onRetry(item.id)
              }}
            />
          ))}
        </ul>
      )}
      {running && items.length > 1 && (
        <p className="upload__progress" role="status">
          {UPLOAD_WORDS.progress(finished, items.length)}
        </p>
      )}
      {waiting > 0 && (
        <p className="upload__waiting" role="status">
          {UPLOAD_WORDS.waitingSummary(waiting)}
        </p>
      )}
      {/* Read out, where the row's own words (beside its progress) are not. */}
      {retrying > 0 && (
        <p className="upload__waiting" role="status">
          {UPLOAD_WORDS.retryingSummary(retrying)}
        </p>
      )}
    </div>
  )
}
