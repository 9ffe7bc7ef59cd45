import { TextCursorInput } from 'lucide-react'

import { SCREEN_KEYS } from '../../../lib/shortcuts'
import { requirementOfRoute } from '../../../contract/route-access'
import { first, type FileCommand } from '../../commands'

/** Rename: the title edited in place on the card or row (F2). */
export const renameCommand: FileCommand = {
  name: 'rename',
  needs: requirementOfRoute('update', 'PATCH'),
  label: 'Rename',
  icon: TextCursorInput,
  shows: { context: { order: 5, startsGroup: true } },
  keepsFocus: true,
  shortcut: SCREEN_KEYS.rename,
  keyTargets: 'one',
  perform: (services, targets) => {
    first(services.rename, targets)
  },
}
