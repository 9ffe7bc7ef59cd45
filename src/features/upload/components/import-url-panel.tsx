import type { ImportItem } from '../import-state'
import { IMPORT_WORDS } from '../messages'

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
