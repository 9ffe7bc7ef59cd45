import './webflow.css'

import { Globe } from 'lucide-react'

import { useSyncAll } from '../api/webflow'

interface WebflowEntryProps {
  onOpen: () => void
  /** Loads the panel's code before the click (on hover or focus). */
  onPreload?: () => void
}

/** The sidebar's way into the Webflow panel; shown only when the mirror is set up. */
export function WebflowEntry({ onOpen, onPreload }: WebflowEntryProps) {
  const { data } = useSyncAll()
  if (!data?.configured) return null
  return (
    <button
      type="button"
      className="tree__item webflow-entry"
      onClick={onOpen}
      onPointerOver={onPreload}
      onFocus={onPreload}
    >
      <span className="tree__spacer" aria-hidden="true" />
      <Globe size={16} aria-hidden="true" />
      <span className="tree__label">Webflow</span>
      {data.running && <span className="webflow-entry__busy">Syncing…</span>}
    </button>
  )
}
