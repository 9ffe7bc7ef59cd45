import { Link } from 'lucide-react'

import type { FileCommand } from '../../commands'

/** Copy link: each file's absolute address, one a line. */
export const copyLinkCommand: FileCommand = {
  name: 'copy-link',
  label: 'Copy link',
  icon: Link,
  shows: { context: { order: 7 }, bulk: { order: 5 }, details: { order: 3 } },
  perform: (services, targets) => {
    services.copyLinks(targets)
  },
}
