import { X } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'

import { formatBytes } from '../../../lib/format-bytes'
import { UPLOAD_WORDS } from '../messages'
import type { OwnDetails, OwnField, SharedField } from '../own-details'
import type { DuplicateChoice, UploadItem } from '../batch-state'
import { CheckNotice, DuplicateNotice } from './duplicate-notice'
import { FilledNote } from './filled-note'
import { OwnDetailsFields } from './own-details-fields'

interface UploadItemRowProps {
  item: UploadItem
  category: string
  running: boolean
  /** The details for every file, which win over the file's own where they have text. */
  shared: Record<SharedField, string>
  /** The file's own details start unfolded (it is the batch's only file). */
  alone: boolean
  onDetails: (change: Partial<OwnDetails>) => void
  /** Puts back what a field held before the file filled it in (for the title, the one from the name). */
  onClearFilled: (field: OwnField) => void
  onRemove: () => void
  onChoose: (choice: DuplicateChoice) => void
  onRetry: () => void
}

function Progress({ item }: { item: UploadItem }) {
  const { state } = item
  // A file that starts sending, or whose sending meets a refusal, brings its progress into sight: started
  // from the button at the dialog's foot, on a phone the rows sat above the details for every file.
  const sending = state.status === 'uploading' || state.status === 'waiting'
  const retrying = state.status === 'uploading' ? state.retrying : undefined
  const shown = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (sending) shown.current?.scrollIntoView({ block: 'nearest' })
  }, [sending, retrying])
  switch (state.status) {
    case 'hashing':
      return <span className="upload-item__state">Checking… {state.progress}%</span>
    case 'uploading':
      return (
        <span ref={shown} className="upload-item__state">
          <progress value={state.progress} max={100} aria-label={`${item.file.name} upload progress`} />
          {state.progress}%
          {state.retrying === undefined
            ? state.progress >= 100 && ` ${UPLOAD_WORDS.adding}`
            : ` ${UPLOAD_WORDS.retrying(state.retrying)}`}
        </span>
      )
    case 'waiting':
      return (
        <span ref={shown} className="upload-item__state upload-item__state--waiting">
          <progress value={state.progress} max={100} aria-label={`${item.file.name} upload progress`} />
          {UPLOAD_WORDS.waiting}
        </span>
      )
    case 'done':
      return <span className="upload-item__state upload-item__state--done">Uploaded</span>
    case 'existing':
      return (
        <span className="upload-item__state upload-item__state--done">
          {UPLOAD_WORDS.usedExisting(state.record.title)}
        </span>
      )
    default:
      return null
  }
}

export function UploadItemRow(props: UploadItemRowProps) {
  const { item, category, running, shared, alone, onDetails, onClearFilled, onRemove, onChoose, onRetry } =
    props
  const { state, file } = item
  const editable = !running && state.status !== 'done' && state.status !== 'existing'
  const noteId = useId()
  const filled = item.filled.includes('title') && editable
  return (
    <li className="upload-item" aria-label={file.name}>
      <div className="upload-item__head">
        <span className="upload-item__name">{file.name}</span>
        <span className="upload-item__meta">
          {formatBytes(file.size)} · {category}
        </span>
        {editable && (
          <button
            type="button"
            className="icon-button upload-item__remove"
            aria-label={`Remove ${file.name}`}
            onClick={onRemove}
          >
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      <label className="form__field">
        Title
        <input
          value={item.details.title}
          disabled={!editable}
          aria-describedby={filled ? noteId : undefined}
          onChange={(event) => {
            onDetails({ title: event.target.value })
          }}
        />
      </label>
      {filled && (
        <FilledNote
          id={noteId}
          field="title"
          onClear={() => {
            onClearFilled('title')
          }}
        />
      )}
      <OwnDetailsFields
        fileName={file.name}
        details={item.details}
        filled={item.filled}
        shared={shared}
        editable={editable}
        startOpen={alone}
        onChange={onDetails}
        onClear={onClearFilled}
      />
      <CheckNotice item={item} />
      <DuplicateNotice item={item} onChoose={onChoose} />
      <Progress item={item} />
      {state.status === 'failed' && (
        <div className="upload-item__error" role="alert">
          <span>{state.error}</span>
          {state.detail && <span className="upload-item__detail">{state.detail}</span>}
          <button
            type="button"
            className="button button--secondary"
            disabled={running}
            onClick={onRetry}
            aria-label={`Retry ${file.name}`}
          >
            Retry
          </button>
        </div>
      )}
    </li>
  )
}
