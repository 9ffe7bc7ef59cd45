import './webhooks.css'

import { Webhook } from 'lucide-react'

import { SidebarEntry, type SidebarEntryActions } from '../../../components/ui/sidebar-entry'

/** The sidebar's way into the Webhooks page. */
export function WebhooksEntry(props: SidebarEntryActions) {
  return <SidebarEntry {...props} icon={Webhook} label="Webhooks" />
}
