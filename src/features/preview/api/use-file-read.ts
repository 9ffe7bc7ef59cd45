import { useEffect, useState } from 'react'

/** What a read gave, for the URL it was read from. */
type Read<T> = { url: string } & ({ kind: 'ready'; value: T } | { kind: 'failed' })

export type FileRead<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed' }

/**
 * Reads part of the file at `url` for a preview (its first bytes, its ZIP directory): loading until the
 * read for this URL settles. Stepping to another file aborts the read before, whose answer is dropped.
 */
export function useFileRead<T>(
  url: string,
  size: number,
  read: (url: string, options: { size: number; signal: AbortSignal }) => Promise<T>,
): FileRead<T> {
  const [result, setResult] = useState<Read<T> | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    read(url, { size, signal: controller.signal }).then(
      (value) => {
        setResult({ url, kind: 'ready', value })
      },
      () => {
        if (!controller.signal.aborted) setResult({ url, kind: 'failed' })
      },
    )
    return () => {
      controller.abort()
    }
  }, [url, size, read])
  return result?.url === url ? result : { kind: 'loading' }
}
