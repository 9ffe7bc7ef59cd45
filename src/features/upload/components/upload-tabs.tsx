import type { Tab } from '../dialog-state'
import { IMPORT_WORDS } from '../messages'

const TABS: readonly { tab: Tab; label: string }[] = [
  { tab: 'files', label: IMPORT_WORDS.filesTab },
  { tab: 'urls', label: IMPORT_WORDS.tab },
]

/** The two tabs (WAI-ARIA tabs: the arrow keys move between them); both are off while anything runs. */
export function UploadTabs(props: { tab: Tab; disabled: boolean; onTab: (tab: Tab) => void }) {
  const { tab, disabled, onTab } = props
  const move = (step: number) => {
    const index = TABS.findIndex((each) => each.tab === tab)
    const next = TABS[(index + step + TABS.length) % TABS.length]
    if (!next) return
    onTab(next.tab)
    document.getElementById(`upload-tab-${next.tab}`)?.focus()
  }
  return (
    <div role="tablist" aria-label="How to add files" className="upload__tabs">
      {TABS.map((each) => (
        <button
          key={each.tab}
          type="button"
          role="tab"
          id={`upload-tab-${each.tab}`}
          aria-selected={each.tab === tab}
          aria-controls={`upload-panel-${each.tab}`}
          tabIndex={each.tab === tab ? 0 : -1}
          disabled={disabled && each.tab !== tab}
          className="upload__tab"
          onClick={() => {
            onTab(each.tab)
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              event.preventDefault()
              if (!disabled) move(event.key === 'ArrowRight' ? 1 : -1)
            }
          }}
        >
          {each.label}
        </button>
      ))}
    </div>
  )
}
