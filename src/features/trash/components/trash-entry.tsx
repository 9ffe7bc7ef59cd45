import './trash.css'

import { Trash2 } from 'lucide-react'

import { SidebarEntry } from '../../../components/ui/sidebar-entry'

interface TrashEntryProps {
  open: boolean
  onOpen: () => void
}

/** The sidebar's way into the Trash view, under the folder tree. */
export function TrashEntry({ open, onOpen }: TrashEntryProps) {
  return <SidebarEntry icon={Trash2} label="Trash" className="trash-entry" current={open} onOpen={onOpen} />
}
