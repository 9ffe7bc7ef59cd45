import { useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'

import { onReconnect } from '../../lib/connectivity'
import { retryingImport } from '../../lib/retry-import'

/**
 * Toasts through sonner, kept out of the first page load (nothing on the first paint needs it) but
 * loaded in the first idle moment after it (`preloadToasts`), so a failure met later, with the server
 * gone, can still be told. Sonner replays toasts raised before its Toaster mounted, so none is lost.
 */
type Sonner = typeof import('sonner')

interface ToastOptions {
  description?: string
  /** A button in the toast, such as Undo right after a delete. */
  action?: { label: string; onClick: () => void }
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

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  loadSonner().then(
    ({ toast }) => toast[kind](message, options),
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

/** Where toasts appear: sonner's Toaster, once the first toast has loaded it. */
export function Toasts(props: ToasterProps) {
  const sonner = useSyncExternalStore(subscribe, () => loaded)
  if (sonner === undefined) return null
  return <sonner.Toaster {...props} />
}
