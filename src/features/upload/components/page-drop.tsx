import { Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import { carriesFiles, carriesOwnItems, filesOf, uploadFolderLabel } from '../page-files'
import './page-drop.css'

interface PageDropProps {
  /** The folder shown (null: All files); files go there. */
  folder: string | null
  /** The Trash view is open: files go to the top level, and the overlay says so. */
  trash: boolean
  /** Files dropped anywhere on the page, or pasted; the app opens the Upload dialog with them. */
  onFiles: (files: File[]) => void
}

/**
 * Files dropped anywhere on the page, or pasted (a screenshot, files copied in the file manager), go to
 * the Upload dialog. While files are dragged over the page an overlay names where they will go. A drop
 * outside any zone never leaves the page, which is what a browser does with a dropped file by default.
 */
export function PageDrop({ folder, trash, onFiles }: PageDropProps) {
  const dragging = usePageFiles(onFiles)
  if (!dragging) return null
  return (
    <div className="page-drop" role="status">
      <div className="page-drop__panel">
        <Upload size={28} aria-hidden="true" />
        <p className="page-drop__title">Drop files to upload to {uploadFolderLabel(folder, trash)}</p>
        {trash && <p className="page-drop__note">Files cannot go into the Trash; they go to All files.</p>}
      </div>
    </div>
  )
}

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'))

/** Listens on the window for dragged and pasted files; true while files are dragged over the page. */
export function usePageFiles(onFiles: (files: File[]) => void): boolean {
  const [dragging, setDragging] = useState(false)
  const onFilesRef = useRef(onFiles)
  useEffect(() => {
    onFilesRef.current = onFiles
  })
  useEffect(() => {
    // dragenter on the next element comes before dragleave on the last: at 0 the drag has left the page.
    let depth = 0
    const stop = () => {
      depth = 0
      setDragging(false)
    }
    const onDragEnter = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return
      depth += 1
      setDragging(true)
    }
    const onDragLeave = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    // Accepting the drag everywhere is what keeps the browser from opening a dropped file in the tab.
    // The screen's own items are left to the folders that take them, text to the field under it.
    const onDragOver = (event: DragEvent) => {
      const data = event.dataTransfer
      if (event.defaultPrevented || carriesOwnItems(data)) return
      if (carriesFiles(data)) {
        event.preventDefault()
        if (data) data.dropEffect = 'copy'
      } else if (!isTextField(event.target)) {
        event.preventDefault()
        if (data) data.dropEffect = 'none'
      }
    }
    const onDrop = (event: DragEvent) => {
      const data = event.dataTransfer
      const files = carriesFiles(data) ? filesOf(data) : []
      if (carriesFiles(data)) stop()
      // A zone that took the drop (the Upload dialog's) has called preventDefault already.
      if (event.defaultPrevented || carriesOwnItems(data)) return
      if (files.length > 0 || !isTextField(event.target)) event.preventDefault()
      if (files.length > 0) onFilesRef.current(files)
    }
    const onPaste = (event: ClipboardEvent) => {
      const data = event.clipboardData
      if (event.defaultPrevented || data === null) return
      // Copied text that also carries a picture (from a word processor, say) is text to the field it goes in.
      if (isTextField(event.target) && data.types.includes('text/plain')) return
      const files = filesOf(data)
      if (files.length === 0) return
      event.preventDefault()
      onFilesRef.current(files)
    }
    window.addEventListener('dragenter', onDragEnter)
    window.addEventListener('dragleave', onDragLeave)
    window.addEventListener('dragover', onDragOver)
    window.addEventListener('drop', onDrop)
    window.addEventListener('dragend', stop)
    window.addEventListener('paste', onPaste)
    return () => {
      window.removeEventListener('dragenter', onDragEnter)
      window.removeEventListener('dragleave', onDragLeave)
      window.removeEventListener('dragover', onDragOver)
      window.removeEventListener('drop', onDrop)
      window.removeEventListener('dragend', stop)
      window.removeEventListener('paste', onPaste)
    }
  }, [])
  return dragging
}
