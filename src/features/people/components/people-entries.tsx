import './people.css'

import { KeyRound, Users } from 'lucide-react'

import { SidebarEntry, type SidebarEntryActions } from '../../../components/ui/sidebar-entry'

/** The sidebar's way into the People page (admins, behind the access gate). */
export function PeopleEntry(props: SidebarEntryActions) {
  return <SidebarEntry {...props} icon={Users} label="People" />
}

/** The sidebar's way into the Tokens page (anyone signed in behind the access gate). */
export function TokensEntry(props: SidebarEntryActions) {
  return <SidebarEntry {...props} icon={KeyRound} label="API tokens" />
}
