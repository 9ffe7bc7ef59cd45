import './activity.css'

import { History } from 'lucide-react'

import { SidebarEntry, type SidebarEntryActions } from '../../../components/ui/sidebar-entry'

/** The sidebar's way into the Activity panel. */
export function ActivityEntry(props: SidebarEntryActions) {
  return <SidebarEntry {...props} icon={History} label="Activity" />
}
