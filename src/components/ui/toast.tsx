import { useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'

import { onReconnect } from '../../lib/connectivity'
import { retryingImport } from '../../lib/retry-import'
import { SCREEN_KEYS } from '../../lib/shortcuts'
import { useScreenKey } from '../../lib/use-screen-key'

/**
 * Toasts through sonner, kept out of the first page load (nothing on the first paint needs it) but
 * loaded in the first idle moment after it (`preloadToasts`), so a failure met later, with the server
 * gone, can still be told. Sonner replays toasts raised before its Toaster mounted, so none is lost.
 */
type Sonner = typeof import('sonner')

interface ToastOptions {
  description?: string
  /**
   * Undoes what the toast reports (a delete, a move): offered as its Undo button, and by Ctrl/Cmd+Z
   * while the toast shows (SCREEN_KEYS.undo), the newest such toast first.
   */
  undo?: () => void
}

let loaded: Sonner | undefined
let loading: Promise<Sonner> | undefined
const listeners = new Set<() => void>()

function loadSonner(): Promise<Sonner> {
  loading ??= retryingImport(() => import('sonner')).then(
    (module) => {
      loaded = module
      for (const notify of listeners) notify()
      return module
    },
    (error: unknown) => {
      // Offline, say: the next toast tries again.
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The Undo of each toast that offers one, by toast id, oldest first. */
const undoable = new Map<string, () => void>()
let undoCount = 0

/** The key's hint as the platform spells it: ⌘Z on a Mac, Ctrl+Z elsewhere. */
function undoKeyHint(): string {
  const [ctrl, cmd] = SCREEN_KEYS.undo.keys
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? (cmd ?? '') : (ctrl ?? '')
}

function undoButton(sonner: Sonner, id: string, run: () => void) {
  return (
    <button
      type="button"
      data-button
      data-action
      aria-keyshortcuts="Control+Z Meta+Z"
      onClick={() => {
        undoable.delete(id)
        sonner.toast.dismiss(id)
        run()
      }}
    >
      Undo
      <kbd className="toast__key" aria-hidden="true">
        {undoKeyHint()}
      </kbd>
    </button>
  )
}

/** Runs the Undo of the newest toast still showing that offers one; false when none does. */
function undoNewest(): boolean {
  if (loaded === undefined) return false
  const showing = new Set(loaded.toast.getToasts().map((each) => String(each.id)))
  for (const id of [...undoable.keys()]) if (!showing.has(id)) undoable.delete(id)
  const newest = [...undoable].at(-1)
  if (newest === undefined) return false
  const [id, run] = newest
  undoable.delete(id)
  loaded.toast.dismiss(id)
  run()
  return true
}

function present(sonner: Sonner, kind: 'success' | 'error', message: string, options?: ToastOptions) {
  const { description, undo } = options ?? {}
  if (undo === undefined) return sonner.toast[kind](message, { description })
  undoCount += 1
  const id = `undo-${String(undoCount)}`
  undoable.set(id, undo)
  const forget = () => undoable.delete(id)
  return sonner.toast[kind](message, {
    id,
    description,
    action: undoButton(sonner, id, undo),
    onDismiss: forget,
    onAutoClose: forget,
  })
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  loadSonner().then(
    (sonner) => present(sonner, kind, message, options),
    (error: unknown) => {
      console.error(`Could not show the message "${message}" yet`, error)
      // The message is still worth telling once the server is back and the code can load.
      const stop = onReconnect(() => {
        stop()
        show(kind, message, options)
      })
    },
  )
}

/** Loads the toast layer ahead of the first toast; a failed attempt is made again by the next toast. */
export function preloadToasts(): void {
  loadSonner().catch(() => undefined)
}

export const toast = {
  success: (message: string, options?: ToastOptions) => {
    show('success', message, options)
  },
  error: (message: string, options?: ToastOptions) => {
    show('error', message, options)
  },
}

const subscribe = (notify: () => void) => {
  listeners.add(notify)
  return () => listeners.delete(notify)
}

/** Where toasts appear: sonner's Toaster, once the first toast has loaded it; Ctrl/Cmd+Z runs an Undo. */
export function Toasts(props: ToasterProps) {
  useScreenKey(SCREEN_KEYS.undo.test, undoNewest)
  const sonner = useSyncExternalStore(subscribe, () => loaded)
  if (sonner === undefined) return null
  return <sonner.Toaster {...props} />
}
