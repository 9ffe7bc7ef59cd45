import { toast } from '../../../components/ui/toast'
import type { Folder } from '../../../contract/folder'
import { ROOT_PATH } from '../../../contract/folder-paths'
import { serverMessage } from '../../../lib/api-errors'
import { useCreateFolder } from '../api/create-folder'
import { FolderNameDialog } from './folder-name-dialog'

export interface NewFolderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Spec section 5: the folder is created under the selected folder. */
  parentPath: string
  onCreated?: (folder: Folder) => void
}

/** The New Folder form; `NewFolderButton` opens it. */
export function NewFolderDialog({ open, onOpenChange, parentPath, onCreated }: NewFolderDialogProps) {
  const createFolder = useCreateFolder()
  return (
    <FolderNameDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Folder"
      description={`Created in ${parentPath === ROOT_PATH ? 'the top level' : parentPath}`}
      submitLabel="Create Folder"
      savingLabel="Creating..."
      onSubmit={async (name) => {
        try {
          const folder = await createFolder({ name, parent_path: parentPath })
          toast.success(`Folder "${folder.name}" created`)
          onCreated?.(folder)
          return undefined
        } catch (error) {
          return serverMessage(error) ?? 'Failed to create folder'
        }
      }}
    />
  )
}
