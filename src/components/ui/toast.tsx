import { useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'

/**
 * Toasts through sonner, which loads with the first toast rather than with the page: nothing on the
 * first paint needs it. Sonner replays toasts raised before its Toaster mounted, so none is lost.
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
  loading ??= import('sonner').then(
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
      console.error(`Could not show the message "${message}"`, error)
    },
  )
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
