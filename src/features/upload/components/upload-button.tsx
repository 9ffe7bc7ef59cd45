import { Upload } from 'lucide-react'
import { useState } from 'react'

import { lazyWithPreload, OpenedOnce } from '../../../components/ui/lazy-load'
import type { PageFiles, UploadDialogProps } from './upload-dialog'

// The dialog carries the upload client (tus, react-dropzone, hashing, thumbnails): it loads when the
// pointer or focus reaches the button, so it is there by the click, and never delays the first paint.
const UploadDialog = lazyWithPreload(() => import('./upload-dialog').then((module) => module.UploadDialog))

export type UploadButtonProps = Omit<UploadDialogProps, 'open' | 'onOpenChange'>

/** The 'Upload' button, which opens the Upload dialog; so does each new arrival of files on the page (`incoming`). */
export function UploadButton(props: UploadButtonProps) {
  const [open, setOpen] = useState(false)
  const [seen, setSeen] = useState<PageFiles | null>(null)
  const incoming = props.incoming ?? null
  if (incoming !== seen) {
    setSeen(incoming)
    if (incoming !== null) setOpen(true)
  }
  return (
    <>
      <button
        type="button"
        className="button"
        onPointerEnter={UploadDialog.preload}
        onFocus={UploadDialog.preload}
        onClick={() => {
          setOpen(true)
        }}
      >
        <Upload size={16} aria-hidden="true" />
        Upload
      </button>
      <OpenedOnce
        open={open}
        region="upload dialog"
        onClose={() => {
          setOpen(false)
        }}
      >
        <UploadDialog {...props} open={open} onOpenChange={setOpen} />
      </OpenedOnce>
    </>
  )
}
