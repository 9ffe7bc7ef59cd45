import './sidebar-entry.css'

import type { LucideIcon } from 'lucide-react'

/** What opens an entry's view, and what loads its code first. */
export interface SidebarEntryActions {
  onOpen: () => void
  /** Loads the view's code before the click (on hover or focus). */
  onPreload?: () => void
}

interface SidebarEntryProps extends SidebarEntryActions {
  icon: LucideIcon
  label: string
  /** The view it opens is the one shown: the entry is marked as the current page. */
  current?: boolean
  /** A short status after the label, such as a sync under way. */
  note?: string
  /** The feature's own class for the entry, beside the shared ones. */
  className?: string
}

/** A row under the folder tree that opens a view, a page or a panel: the Trash, Webflow, People... */
export function SidebarEntry({
  icon: Icon,
  label,
  current = false,
  note,
  className,
  onOpen,
  onPreload,
}: SidebarEntryProps) {
  const classes = ['tree__item', 'sidebar-entry', className, current && 'tree__item--selected']
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      aria-current={current ? 'page' : undefined}
      onClick={onOpen}
      onPointerOver={onPreload}
      onFocus={onPreload}
    >
      {/* Lines the icon up with the folder icons, which sit after a space for the open/close toggle. */}
      <span className="tree__spacer" aria-hidden="true" />
      <Icon size={16} aria-hidden="true" />
      <span className="tree__label">{label}</span>
      {note && <span className="sidebar-entry__note">{note}</span>}
    </button>
  )
}
