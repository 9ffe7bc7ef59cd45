import { useCallback, useRef, useState } from 'react'

import type { ImportFields, ImportRequest } from '../../../contract/imports'
import { LIMITS } from '../../../contract/limits'
import type { MediaRecord } from '../../../contract/record'
import { parseTags } from '../../../contract/tag-list'
import { importUrl } from '../api/import-url'
import { storedCategory } from '../file-details'
import { IMPORT_WORDS } from '../messages'
import type { SharedMetadata } from '../upload-one'

/** One address of the list and how its import stands. */
export interface ImportItem {
  url: string
  status: 'waiting' | 'importing' | 'done' | 'failed'
  error?: string
}

export type ImportOne = (body: ImportRequest, signal?: AbortSignal) => Promise<MediaRecord>

/** The addresses typed, one a line (blank lines and repeats dropped), or why they cannot be sent. */
export function parseImportUrls(text: string): { urls: string[]; problem: string | null } {
  const urls = [...new Set(text.split(/\r?\n/).map((line) => line.trim()))].filter((line) => line !== '')
  if (urls.length === 0) return { urls, problem: IMPORT_WORDS.none }
  if (urls.length > LIMITS.importBatchUrls) {
    return { urls, problem: IMPORT_WORDS.tooMany(urls.length, LIMITS.importBatchUrls) }
  }
  return { urls, problem: null }
}

/** How many imports run at once: each holds a server function for as long as its file takes. */
const AT_ONCE = 3

/**
 * The "Import from URL" tab's state: the addresses typed, each one's import, and `start`, which imports
 * every address not imported yet (a second press retries the ones that failed).
 */
export function useUrlImport(importOne: ImportOne = importUrl) {
  const [text, setText] = useState('')
  const [items, setItems] = useState<readonly ImportItem[]>([])
  const [running, setRunning] = useState(false)
  const controller = useRef<AbortController | null>(null)

  const start = useCallback(
    async (fields: ImportFields): Promise<{ succeeded: number; failed: number } | string> => {
      const { urls, problem } = parseImportUrls(text)
      if (problem !== null) return problem
      const imported = new Set(items.filter((item) => item.status === 'done').map((item) => item.url))
      const next = urls.map((url): ImportItem =>
        imported.has(url) ? { url, status: 'done' } : { url, status: 'waiting' },
      )
      setItems(next)
      setRunning(true)
      const abort = new AbortController()
      controller.current = abort
      const update = (url: string, change: Omit<ImportItem, 'url'>) => {
        setItems((current) => current.map((item) => (item.url === url ? { url, ...change } : item)))
      }
      const queue = next.filter((item) => item.status === 'waiting').map((item) => item.url)
      let succeeded = 0
      let failed = 0
      const worker = async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          update(url, { status: 'importing' })
          try {
            await importOne({ ...fields, url }, abort.signal)
            succeeded += 1
            update(url, { status: 'done' })
          } catch (error) {
            if (abort.signal.aborted) return
            failed += 1
            update(url, {
              status: 'failed',
              error: error instanceof Error ? error.message : IMPORT_WORDS.failed,
            })
          }
        }
      }
      await Promise.all(Array.from({ length: AT_ONCE }, worker))
      if (controller.current === abort) {
        controller.current = null
        setRunning(false)
      }
      return { succeeded: succeeded + imported.size, failed }
    },
    [importOne, items, text],
  )

  const reset = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setText('')
    setItems([])
    setRunning(false)
  }, [])

  return { text, setText, items, running, start, reset }
}

/** The addresses field and, once started, each address with how its import stands. */
export function ImportUrlPanel(props: {
  text: string
  onText: (text: string) => void
  items: readonly ImportItem[]
  running: boolean
}) {
  const { text, onText, items, running } = props
  return (
    <div className="upload-import">
      <label className="form__field">
        <span>{IMPORT_WORDS.addresses}</span>
        <textarea
          value={text}
          rows={4}
          disabled={running}
          spellCheck={false}
          autoComplete="off"
          placeholder="https://"
          aria-describedby="upload-import-hint"
          onChange={(event) => {
            onText(event.target.value)
          }}
        />
      </label>
      <p id="upload-import-hint" className="upload__hint">
        {IMPORT_WORDS.hint}
      </p>
      {items.length > 0 && (
        <ul className="upload__items" aria-label="Addresses to import">
          {items.map((item) => (
            <li key={item.url} className="upload-item" aria-label={item.url}>
              <span className="upload-item__name">{item.url}</span>
              <ImportState item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function ImportState({ item }: { item: ImportItem }) {
  switch (item.status) {
    case 'waiting':
      return <span className="upload-item__state">{IMPORT_WORDS.waiting}</span>
    case 'importing':
      return (
        <span className="upload-item__state" role="status">
          <progress aria-label={`Importing ${item.url}`} />
          {IMPORT_WORDS.importing}
        </span>
      )
    case 'done':
      return (
        <span className="upload-item__state upload-item__state--done">
          <progress aria-label={`Imported ${item.url}`} value={1} max={1} />
          {IMPORT_WORDS.done}
        </span>
      )
    case 'failed':
      return (
        <p className="upload-item__error form__error" role="alert">
          {item.error ?? IMPORT_WORDS.failed}
        </p>
      )
  }
}

/** The fields every address's record gets: the dialog's shared details and destination, as uploads get. */
export function importFieldsOf(shared: SharedMetadata, folderPath: string): ImportFields {
  const author = shared.author.trim()
  return {
    description: shared.description,
    // Unchanged, the category stays the one each file's type gives it (the server reads the type).
    ...(shared.categoryChanged ? { category: storedCategory(shared.category) } : {}),
    tags: parseTags(shared.tags),
    ...(author === '' ? {} : { author }),
    folder_path: folderPath,
  }
}
