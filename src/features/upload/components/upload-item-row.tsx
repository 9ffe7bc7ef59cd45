import { X } from 'lucide-react'
import { useId } from 'react'

import { formatBytes } from '../../../lib/format-bytes'
import { UPLOAD_WORDS } from '../messages'
import type { DuplicateChoice, UploadItem } from '../upload-batch'
import { FilledNote } from './filled-note'

interface UploadItemRowProps {
  item: UploadItem
  category: string
  running: boolean
  onTitle: (title: string) => void
  /** Puts back the title from the file's name in place of the one from its metadata. */
  onClearTitle: () => void
  onRemove: () => void
  onChoose: (choice: DuplicateChoice) => void
  onRetry: () => void
}

function DuplicateNotice({ item, onChoose }: Pick<UploadItemRowProps, 'item' | 'onChoose'>) {
  if (!item.duplicateOf || (item.state.status !== 'duplicate' && item.state.status !== 'queued')) return null
  return (
    <div
      className="upload-item__duplicate"
      role="group"
      aria-label={`${item.file.name} is already in the library`}
    >
      <span>Same file as “{item.duplicateOf.title}” already in the library.</span>
      <button
        type="button"
        aria-pressed={item.choice === 'use-existing'}
        onClick={() => {
          onChoose('use-existing')
        }}
      >
        Use existing
      </button>
      <button
        type="button"
        aria-pressed={item.choice === 'upload-anyway'}
        onClick={() => {
          onChoose('upload-anyway')
        }}
      >
        Upload anyway
      </button>
    </div>
  )
}

function Progress({ item }: { item: UploadItem }) {
  const { state } = item
  switch (state.status) {
    case 'hashing':
      return <span className="upload-item__state">Checking… {state.progress}%</span>
    case 'uploading':
      return (
        <span className="upload-item__state">
          <progress value={state.progress} max={100} aria-label={`${item.file.name} upload progress`} />
          {state.progress}%
        </span>
      )
    case 'waiting':
      return (
        <span className="upload-item__state upload-item__state--waiting">
          <progress value={state.progress} max={100} aria-label={`${item.file.name} upload progress`} />
          {UPLOAD_WORDS.waiting}
        </span>
      )
    case 'done':
      return <span className="upload-item__state upload-item__state--done">Uploaded</span>
    default:
      return null
  }
}

export function UploadItemRow({
  item,
  category,
  running,
  onTitle,
  onClearTitle,
  onRemove,
  onChoose,
  onRetry,
}: UploadItemRowProps) {
  const { state, file } = item
  const editable = !running && state.status !== 'done'
  const noteId = useId()
  const filled = item.titleFilled && editable
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
          value={item.title}
          disabled={!editable}
          aria-describedby={filled ? noteId : undefined}
          onChange={(event) => {
            onTitle(event.target.value)
          }}
        />
      </label>
      {filled && <FilledNote id={noteId} field="title" files={1} onClear={onClearTitle} />}
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
