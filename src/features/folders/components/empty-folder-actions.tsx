import { Upload } from 'lucide-react'

import { ROOT_PATH } from '../../../contract/folder'
import { folderLabel } from '../model/folder-tree'
import { NewFolderButton } from './new-folder-button'

interface EmptyFolderActionsProps {
  /** The folder shown; its files and folders go there. */
  path: string
  /** Opens the Upload dialog for the folder shown. */
  onUpload: () => void
}

/** Under an empty folder's "No files found": upload into it, or make a folder inside it. */
export function EmptyFolderActions({ path, onUpload }: EmptyFolderActionsProps) {
  const top = path === ROOT_PATH
  return (
    <div className="empty-actions">
      <button
        type="button"
        className="button"
        aria-label={`Upload into ${folderLabel(path)}`}
        onClick={onUpload}
      >
        <Upload size={16} aria-hidden="true" />
        Upload
      </button>
      <NewFolderButton
        parentPath={path}
        label={top ? 'New Folder at the top level' : `New Folder in ${folderLabel(path)}`}
      />
    </div>
  )
}
