import { useState, type SyntheticEvent } from 'react'

import { toast } from '../../../components/ui/toast'
import { ROOT_PATH, type Folder } from '../../../contract/folder'
import { Dialog } from '../../../components/ui/dialog'
import { serverMessage } from '../../../lib/api-errors'
import { useCreateFolder } from '../api/create-folder'

const NAME_REQUIRED = 'Folder name is required'

type FormState =
  { kind: 'editing'; touched: boolean } | { kind: 'saving' } | { kind: 'failed'; message: string }

export interface NewFolderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Spec section 5: the folder is created under the selected folder. */
  parentPath: string
  onCreated?: (folder: Folder) => void
}

/** The New Folder form; `NewFolderButton` opens it. Every close empties it for the next time. */
export function NewFolderDialog({ open, onOpenChange, parentPath, onCreated }: NewFolderDialogProps) {
  const [name, setName] = useState('')
  const [state, setState] = useState<FormState>({ kind: 'editing', touched: false })
  const createFolder = useCreateFolder()
  const blank = name.trim() === ''

  const reset = (next: boolean) => {
    onOpenChange(next)
    setName('')
    setState({ kind: 'editing', touched: false })
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    if (blank) {
      setState({ kind: 'editing', touched: true })
      return
    }
    setState({ kind: 'saving' })
    try {
      const folder = await createFolder({ name: name.trim(), parent_path: parentPath })
      reset(false)
      toast.success(`Folder "${folder.name}" created`)
      onCreated?.(folder)
    } catch (error) {
      setState({ kind: 'failed', message: serverMessage(error) ?? 'Failed to create folder' })
    }
  }

  const message =
    state.kind === 'failed'
      ? state.message
      : state.kind === 'editing' && state.touched && blank
        ? NAME_REQUIRED
        : null

  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title="New Folder"
      description={`Created in ${parentPath === ROOT_PATH ? 'the top level' : parentPath}`}
    >
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <label className="form__field">
          <span>Folder name</span>
          <input
            value={name}
            autoFocus
            aria-invalid={message !== null}
            aria-describedby={message === null ? undefined : 'new-folder-error'}
            onChange={(event) => {
              setName(event.target.value)
              setState({ kind: 'editing', touched: true })
            }}
            onKeyDown={(event) => {
              // A disabled submit button blocks implicit submission; Enter on a blank name still explains why.
              if (event.key === 'Enter' && blank) setState({ kind: 'editing', touched: true })
            }}
          />
        </label>
        {message !== null && (
          <p id="new-folder-error" className="form__error" role="alert">
            {message}
          </p>
        )}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              reset(false)
            }}
          >
            Cancel
          </button>
          <button type="submit" className="button" disabled={blank || state.kind === 'saving'}>
            {state.kind === 'saving' ? 'Creating...' : 'Create Folder'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
