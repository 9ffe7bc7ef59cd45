import './people.css'

import { KeyRound, Users, type LucideIcon } from 'lucide-react'

interface EntryProps {
  onOpen: () => void
  /** Loads the page's code before the click (on hover or focus). */
  onPreload?: () => void
}

function Entry({ onOpen, onPreload, icon: Icon, label }: EntryProps & { icon: LucideIcon; label: string }) {
  return (
    <button
      type="button"
      className="tree__item people-entry"
      onClick={onOpen}
      onPointerOver={onPreload}
      onFocus={onPreload}
    >
      <span className="tree__spacer" aria-hidden="true" />
      <Icon size={16} aria-hidden="true" />
      <span className="tree__label">{label}</span>
    </button>
  )
}

/** The sidebar's way into the People page (admins, behind the access gate). */
export function PeopleEntry(props: EntryProps) {
  return <Entry {...props} icon={Users} label="People" />
}

/** The sidebar's way into the Tokens page (anyone signed in behind the access gate). */
export function TokensEntry(props: EntryProps) {
  return <Entry {...props} icon={KeyRound} label="API tokens" />
}
