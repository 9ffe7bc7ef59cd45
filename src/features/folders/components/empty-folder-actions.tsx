import { Upload } from 'lucide-react'

import { useCanCall } from '../../../lib/access'
import { NewFolderButton } from './new-folder-button'

interface EmptyFolderActionsProps {
  /** The folder shown; its files and folders go there. */
  path: string
  /** Opens the Upload dialog for the folder shown. */
  onUpload: () => void
}

/**
 * Under an empty folder's "No files found": upload into it, or make a folder inside it. Worded apart
 * from the toolbar's Upload and New Folder, which are on screen too and do the same here.
 */
export function EmptyFolderActions({ path, onUpload }: EmptyFolderActionsProps) {
  const canUpload = useCanCall('upload', 'POST')
  const canCreate = useCanCall('folderCreate', 'POST')
  if (!canUpload && !canCreate) return null
  return (
    <div className="empty-actions">
      {canUpload && (
        <button type="button" className="button" onClick={onUpload}>
          <Upload size={16} aria-hidden="true" />
          Upload files here
        </button>
      )}
      <NewFolderButton parentPath={path} text="Create a folder here" />
    </div>
  )
}
