import './trash.css'

import { Trash2 } from 'lucide-react'

interface TrashEntryProps {
  open: boolean
  onOpen: () => void
}

/** The sidebar's way into the Trash view, under the folder tree. */
export function TrashEntry({ open, onOpen }: TrashEntryProps) {
  return (
    <button
      type="button"
      className={`tree__item trash-entry${open ? ' tree__item--selected' : ''}`}
      aria-current={open ? 'page' : undefined}
      onClick={onOpen}
    >
      {/* Lines the icon up with the folder icons, which sit after a space for the open/close toggle. */}
      <span className="tree__spacer" aria-hidden="true" />
      <Trash2 size={16} aria-hidden="true" />
      <span className="tree__label">Trash</span>
    </button>
  )
}
