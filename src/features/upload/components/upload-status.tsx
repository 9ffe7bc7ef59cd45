import { useEffect } from 'react'

/** How long the closing message stays up. */
const SHOWN_FOR_MS = 8000

/** The message of a finished batch, shown after the dialog has closed. */
export function UploadStatus({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, SHOWN_FOR_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [message, onDismiss])
  return (
    <p className="upload-status" role="status">
      {message}
      <button type="button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </p>
  )
}
