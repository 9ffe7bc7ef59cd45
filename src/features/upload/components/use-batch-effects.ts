import { useEffect, useRef } from 'react'

import { isInterrupted, type RunOutcome } from '../batch-state'
import type { UploadBatch } from '../upload-batch'

/** Files dropped or pasted on the page; each new object is one such arrival, added once. */
export interface PageFiles {
  files: readonly File[]
}

/** How long the success message waits for the list to show the new files. */
const LIST_WAIT_MS = 10_000

/** Waits for the list's reload, or a few seconds at most: a slow list must not hold the message back. */
export async function listed(reload: Promise<void> | void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LIST_WAIT_MS)
  })
  await Promise.race([Promise.resolve(reload).catch(() => undefined), late])
  clearTimeout(timer)
}

/** Adds each arrival of page files once, when no batch is running (the drop zone is off while one runs). */
export function useAddPageFiles(
  incoming: PageFiles | null,
  running: boolean,
  addFiles: (files: readonly File[]) => void,
): void {
  const added = useRef<PageFiles | null>(null)
  const addRef = useRef(addFiles)
  useEffect(() => {
    addRef.current = addFiles
  })
  useEffect(() => {
    if (incoming === null || incoming === added.current || running) return
    added.current = incoming
    addRef.current(incoming.files)
  }, [incoming, running])
}

/**
 * Files cut off by a lost connection go on by themselves once the browser is back online, from the
 * offset the server holds; the user need not press Retry.
 */
export function useResumeWhenOnline(
  batch: UploadBatch,
  finish: (outcome: RunOutcome | null) => Promise<void>,
): void {
  const finishRef = useRef(finish)
  useEffect(() => {
    finishRef.current = finish
  })
  useEffect(() => {
    const resume = () => {
      const { items, running } = batch.getSnapshot()
      if (!running && items.some(isInterrupted))
        void batch.start().then((outcome) => {
          void finishRef.current(outcome)
        })
    }
    window.addEventListener('online', resume)
    return () => {
      window.removeEventListener('online', resume)
    }
  }, [batch])
}
