import { useCallback, useState } from 'react'

import { OpenedOnce } from '../components/ui/lazy-load'
import { SCREEN_KEYS } from '../lib/shortcuts'
import { useScreenKey } from '../lib/use-screen-key'
import { ShortcutsDialog } from './lazy-dialogs'

/** '?' outside a text field opens the keyboard shortcuts dialog, whose code loads the first time. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false)
  const show = useCallback(() => {
    setOpen(true)
  }, [])
  useScreenKey(SCREEN_KEYS.showShortcuts.test, show)
  return (
    <OpenedOnce
      open={open}
      region="keyboard shortcuts"
      onClose={() => {
        setOpen(false)
      }}
    >
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </OpenedOnce>
  )
}
