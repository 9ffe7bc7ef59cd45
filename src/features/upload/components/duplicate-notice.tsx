import { UPLOAD_WORDS } from '../messages'
import type { DuplicateChoice, UploadItem } from '../batch-state'

/** A file whose copy is in the library: "Use existing" adds nothing, "Upload anyway" adds it again. */
export function DuplicateNotice(props: { item: UploadItem; onChoose: (choice: DuplicateChoice) => void }) {
  const { item, onChoose } = props
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
        className="button button--secondary button--small"
        aria-pressed={item.choice === 'use-existing'}
        onClick={() => {
          onChoose('use-existing')
        }}
      >
        Use existing
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
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

/** Said when the file could not be checked for a copy in the library before sending. */
export function CheckNotice({ item }: { item: UploadItem }) {
  const { status } = item.state
  if (item.check === 'before-upload' || status === 'done' || status === 'existing') return null
  return (
    <p className="upload-item__unchecked" role="status">
      {item.check === 'after-upload' ? UPLOAD_WORDS.checkAfterUpload : UPLOAD_WORDS.checkNone}
    </p>
  )
}
