import { Download, Pencil } from 'lucide-react'

import type { MediaRecord } from '../../../contract/record'
import { Dialog } from '../../../components/ui/dialog'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDateTime } from '../../../lib/format-date'
import { FilePreview } from './file-preview'
import { WebflowSyncStatus } from './webflow-sync-status'

interface DetailsDialogProps {
  /** The file shown; null when closed. */
  record: MediaRecord | null
  onClose: () => void
  onEdit: (record: MediaRecord) => void
  onDownload: (record: MediaRecord) => void
  /** The server's newer version of the shown record (after a Webflow retry). */
  onRecordChanged: (record: MediaRecord) => void
  /** Fetches the file list again, to follow a Webflow sync in progress. */
  onRefresh: () => void
}

/** Spec section 2: a preview plus description, type, size, created, author and tags. */
export function DetailsDialog(props: DetailsDialogProps) {
  const { record, onClose, onEdit, onDownload, onRecordChanged, onRefresh } = props
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={record?.title ?? ''}
      wide
    >
      {record !== null && (
        <div className="details">
          <FilePreview record={record} />
          <dl className="details__fields">
            <dt>Description</dt>
            <dd>{record.description || 'No description'}</dd>
            <dt>Type</dt>
            <dd>{record.file_type}</dd>
            <dt>Size</dt>
            <dd>{formatBytes(record.file_size)}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(record.created_at)}</dd>
            <dt>Author</dt>
            <dd>{record.author}</dd>
            <dt>Tags</dt>
            <dd>
              {record.tags.length === 0 ? (
                'No tags'
              ) : (
                <ul className="details__tags">
                  {record.tags.map((tag) => (
                    <li key={tag} className="badge">
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
            <WebflowSyncStatus record={record} onRecordChanged={onRecordChanged} onRefresh={onRefresh} />
          </dl>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                onEdit(record)
              }}
            >
              <Pencil size={16} aria-hidden="true" />
              Edit
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                onDownload(record)
              }}
            >
              <Download size={16} aria-hidden="true" />
              Download
            </button>
          </div>
        </div>
      )}
    </Dialog>
  )
}
