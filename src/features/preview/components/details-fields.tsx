import { Check, CircleAlert, Copy } from 'lucide-react'
import { useState } from 'react'

import { categoryLabel } from '../../../contract/categories'
import { fileTypeLabel } from '../../../contract/type-labels'
import { folderPathLabel } from '../../../contract/folder-paths'
import type { MediaRecord } from '../../../contract/record'
import { lacksAltText, NO_ALT_TEXT } from '../../../lib/alt-text'
import { copyText } from '../../../lib/clipboard'
import { formatBytes } from '../../../lib/format-bytes'
import { formatDateTime } from '../../../lib/format-date'
import { absoluteUrl, safeUrl } from '../../../lib/safe-url'
import { formatDimensions, formatDuration, originalFileName } from '../model/details-fields'

/** A tag or the author of the file shown, picked to list the files that share it. */
export type DetailsFilter = { tag: string } | { author: string }

/**
 * Spec section 2's description, type, size, created, author and tags, then what else the record
 * stores: alt text (on an image without any, a hint and a button to add it), dimensions and duration
 * when measured, the folder, the uploaded name and the file's address.
 */
export function DetailsFields({
  record,
  onFilter,
  onAddAltText,
}: {
  record: MediaRecord
  /** Without it, the author and tags are plain text. */
  onFilter?: (filter: DetailsFilter) => void
  /** Opens Edit on the alt text field. */
  onAddAltText?: ((record: MediaRecord) => void) | undefined
}) {
  const dimensions = formatDimensions(record)
  const fileName = originalFileName(record.media_url)
  const url = safeUrl(record.media_url)
  return (
    <>
      <dt>Description</dt>
      <dd>{record.description || 'No description'}</dd>
      {record.alt_text !== '' ? (
        <>
          <dt>Alt text</dt>
          <dd className="details__alt">{record.alt_text}</dd>
        </>
      ) : (
        lacksAltText(record) && (
          <>
            <dt>Alt text</dt>
            <dd className="details__alt details__alt--missing">
              <CircleAlert size={14} aria-hidden="true" />
              <span>{NO_ALT_TEXT}</span>
              {onAddAltText && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    onAddAltText(record)
                  }}
                >
                  Add alt text
                </button>
              )}
            </dd>
          </>
        )
      )}
      <dt>Type</dt>
      <dd>
        {fileTypeLabel(record.file_type)} <span className="details__mime">{record.file_type}</span>
      </dd>
      <dt>Category</dt>
      <dd>{categoryLabel(record.category)}</dd>
      <dt>Size</dt>
      <dd>{formatBytes(record.file_size)}</dd>
      <dt>Created</dt>
      <dd>{formatDateTime(record.created_at)}</dd>
      <dt>Author</dt>
      <dd>
        {onFilter === undefined ? (
          record.author
        ) : (
          <button
            type="button"
            className="link-button"
            title={`Show files by ${record.author}`}
            onClick={() => {
              onFilter({ author: record.author })
            }}
          >
            {record.author}
          </button>
        )}
      </dd>
      <dt>Tags</dt>
      <dd>
        {record.tags.length === 0 ? (
          'No tags'
        ) : (
          <ul className="details__tags">
            {record.tags.map((tag) => (
              <li key={tag} className={onFilter === undefined ? 'badge' : undefined}>
                {onFilter === undefined ? (
                  tag
                ) : (
                  <button
                    type="button"
                    className="badge badge--button"
                    title={`Show files tagged ${tag}`}
                    onClick={() => {
                      onFilter({ tag })
                    }}
                  >
                    {tag}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </dd>
      {dimensions !== null && (
        <>
          <dt>Dimensions</dt>
          <dd>{dimensions}</dd>
        </>
      )}
      {record.duration !== null && (
        <>
          <dt>Duration</dt>
          <dd>{formatDuration(record.duration)}</dd>
        </>
      )}
      <dt>Folder</dt>
      <dd>{folderPathLabel(record.folder_path)}</dd>
      {fileName !== null && (
        <>
          <dt>File name</dt>
          <dd>{fileName}</dd>
        </>
      )}
      <dt>URL</dt>
      <dd className="details__url">{url === null ? record.media_url : <FileUrl url={absoluteUrl(url)} />}</dd>
    </>
  )
}

/** The address as selectable text, with a button that copies it. */
function FileUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState<string | null>(null)
  const copy = () => {
    void copyText(url).then(
      () => {
        setCopied(url)
      },
      () => {
        // Both ways of copying were refused: the address stays selectable.
        setCopied(null)
      },
    )
  }
  return (
    <>
      <code className="details__url-text">{url}</code>
      <button
        type="button"
        className="icon-button details__copy"
        aria-label={copied === url ? 'URL copied' : 'Copy URL'}
        title={copied === url ? 'Copied' : 'Copy URL'}
        onClick={copy}
      >
        {copied === url ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      </button>
    </>
  )
}
