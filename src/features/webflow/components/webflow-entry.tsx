import './webflow.css'

import { Globe } from 'lucide-react'

import { SidebarEntry, type SidebarEntryActions } from '../../../components/ui/sidebar-entry'
import { useSyncAll } from '../api/webflow'

/** The sidebar's way into the Webflow panel; shown only when the mirror is set up. */
export function WebflowEntry(props: SidebarEntryActions) {
  const { data } = useSyncAll()
  if (!data?.configured) return null
  return <SidebarEntry {...props} icon={Globe} label="Webflow" note={data.running ? 'Syncing…' : undefined} />
}
