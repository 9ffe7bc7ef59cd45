import { useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { readTextHead } from '../api/read-text-head'
import { useFileRead } from '../api/use-file-read'
import { MarkdownView } from './markdown-view'

const readHead = (url: string, { size, signal }: { size: number; signal: AbortSignal }) =>
  readTextHead(url, { knownSize: size, signal })

const isMarkdown = (record: MediaRecord) =>
  record.file_type === 'text/markdown' || record.file_type === 'text/x-markdown'

/**
 * The first 100 KB of a text file (plain text, CSV, JSON) as plain text, and of a Markdown file as a
 * document, with its source a click away. React escapes both, so markup in the file is shown, never run.
 */
export function TextPreview({ record, url }: { record: MediaRecord; url: string }) {
  const [source, setSource] = useState(false)
  const formatted = isMarkdown(record) && !source
  const state = useFileRead(url, record.file_size, readHead)
  if (state.kind === 'failed') {
    return (
      <div className="preview preview--none">
        <p role="alert">The file could not be loaded for preview. Download it to read it.</p>
      </div>
    )
  }
  return (
    <div className="preview preview--text">
      {state.kind === 'loading' ? (
        <p className="preview__loading" role="status">
          Loading preview…
        </p>
      ) : (
        <>
          {formatted ? (
            <div
              className="preview__text preview__markdown"
              tabIndex={0}
              aria-label={`${record.title} (Markdown)`}
            >
              <MarkdownView source={state.value.text} />
            </div>
          ) : (
            <pre className="preview__text" tabIndex={0} aria-label={`${record.title} (text)`}>
              {state.value.text}
            </pre>
          )}
          {isMarkdown(record) && (
            <button
              type="button"
              className="link-button preview__source-toggle"
              onClick={() => {
                setSource(!source)
              }}
            >
              {source ? 'Show formatted' : 'Show the source'}
            </button>
          )}
          {state.value.cut && <p className="preview__note">Showing the first 100 KB.</p>}
        </>
      )}
    </div>
  )
}
