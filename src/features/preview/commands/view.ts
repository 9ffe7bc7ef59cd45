import { Eye } from 'lucide-react'

import { first, type FileCommand } from '../../commands'

/** View Details: the file in the Details dialog, which lives in the URL. */
export const viewCommand: FileCommand = {
  name: 'view',
  label: 'View Details',
  icon: Eye,
  shows: { context: { order: 1 }, card: { order: 1, label: 'View' } },
  perform: (services, targets) => {
    first(services.view, targets)
  },
}
