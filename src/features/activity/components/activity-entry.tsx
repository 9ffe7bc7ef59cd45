import './activity.css'

import { History } from 'lucide-react'

interface ActivityEntryProps {
  onOpen: () => void
  /** Loads the panel's code before the click (on hover or focus). */
  onPreload?: () => void
}

/** The sidebar's way into the Activity panel. */
export function ActivityEntry({ onOpen, onPreload }: ActivityEntryProps) {
  return (
    <button
      type="button"
      className="tree__item activity-entry"
      onClick={onOpen}
      onPointerOver={onPreload}
      onFocus={onPreload}
    >
      <span className="tree__spacer" aria-hidden="true" />
      <History size={16} aria-hidden="true" />
      <span className="tree__label">Activity</span>
    </button>
  )
}
