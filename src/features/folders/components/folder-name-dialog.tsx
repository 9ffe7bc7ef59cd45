import { useState, type SyntheticEvent } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { FOLDER_NAME_SUBJECT } from '../../../contract/folder-paths'
import { labelProblem } from '../../../contract/labels'

const NAME_REQUIRED = 'Folder name is required'

type FormState =
  { kind: 'editing'; touched: boolean } | { kind: 'saving' } | { kind: 'failed'; message: string }

export interface FolderNameDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  /** The name the field starts with each time the dialog opens. */
  initialName?: string
  submitLabel: string
  savingLabel: string
  /**
   * Saves the trimmed name. A string it resolves to is shown under the field and keeps the dialog open;
   * resolving to nothing closes it.
   */
  onSubmit: (name: string) => Promise<string | undefined>
}

/** A folder name form in a dialog: New Folder and Rename. Every close empties it for the next time. */
export function FolderNameDialog(props: FolderNameDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    initialName = '',
    submitLabel,
    savingLabel,
    onSubmit,
  } = props
  const [name, setName] = useState(initialName)
  const [state, setState] = useState<FormState>({ kind: 'editing', touched: false })
  const [openedWith, setOpenedWith] = useState({ open, initialName })
  if (openedWith.open !== open || openedWith.initialName !== initialName) {
    // Opened again, or for another folder: the field starts from the name given.
    setOpenedWith({ open, initialName })
    if (open) setName(initialName)
  }
  const blank = name.trim() === ''

  const reset = (next: boolean) => {
    onOpenChange(next)
    setName(initialName)
    setState({ kind: 'editing', touched: false })
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    // Opened from another dialog's form (Move's New Folder), the submit would otherwise reach that form
    // too: React passes events up its own tree, through the portal the dialog is drawn in.
    event.stopPropagation()
    if (blank) {
      setState({ kind: 'editing', touched: true })
      return
    }
    // The server's own rule and words: a name holding an invisible or control character is refused.
    const refused = labelProblem(FOLDER_NAME_SUBJECT, name.trim())
    if (refused !== null) {
      setState({ kind: 'failed', message: refused })
      return
    }
    setState({ kind: 'saving' })
    const problem = await onSubmit(name.trim())
    if (problem === undefined) reset(false)
    else setState({ kind: 'failed', message: problem })
  }

  const message =
    state.kind === 'failed'
      ? state.message
      : state.kind === 'editing' && state.touched && blank
        ? NAME_REQUIRED
        : null

  return (
    <Dialog open={open} onOpenChange={reset} title={title} description={description}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <label className="form__field">
          <span>Folder name</span>
          <input
            value={name}
            aria-invalid={message !== null}
            aria-describedby={message === null ? undefined : 'folder-name-error'}
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
        <FormFooter
          error={message}
          errorId="folder-name-error"
          onCancel={() => {
            reset(false)
          }}
          submitLabel={submitLabel}
          pendingLabel={savingLabel}
          pending={state.kind === 'saving'}
          disabled={blank}
        />
      </form>
    </Dialog>
  )
}
