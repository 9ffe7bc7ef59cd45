import { useState, type SyntheticEvent } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { Select } from '../../../components/ui/select'
import type { Folder } from '../../../contract/folder'
import { ROOT_PATH } from '../../../contract/folder-paths'
import type { MoveOption, MoveTarget } from '../../../lib/move-target'
import { countOf } from '../../../lib/plural'
import { NewFolderButton } from '../../folders'
import './move-dialog.css'

interface MoveDialogProps {
  open: boolean
  count: number
  options: readonly MoveOption[]
  onOpenChange: (open: boolean) => void
  onMove: (target: MoveTarget) => void
}

/**
 * Move files: a target folder from the list, or one made here with New Folder (under the folder chosen,
 * else at the top level), which is then the one chosen.
 */
export function MoveDialog({ open, count, options, onOpenChange, onMove }: MoveDialogProps) {
  const [path, setPath] = useState('')
  const [error, setError] = useState<string | null>(null)
  // The folder made here, until the folder list the options come from has it too.
  const [made, setMade] = useState<Folder | null>(null)
  const close = (next: boolean) => {
    setPath('')
    setError(null)
    setMade(null)
    onOpenChange(next)
  }
  const choices: readonly MoveOption[] =
    made === null || options.some((option) => option.path === made.path)
      ? options
      : [...options, { path: made.path, folderId: made.id, label: made.name, depth: 0 }]
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const target = choices.find((option) => option.path === path)
    if (target === undefined) {
      setError('Please select a target folder')
      return
    }
    close(false)
    onMove({ path: target.path, folderId: target.folderId })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Move files"
      description={`Move ${countOf(count, 'file')} to a folder.`}
    >
      <form className="form" noValidate onSubmit={submit}>
        <div className="form__field">
          <span id="move-target-label">Target folder</span>
          <div className="move-target">
            <Select
              label="Target folder"
              placeholder="Choose a folder"
              value={path}
              options={choices.map((option) => ({
                value: option.path,
                label: option.label,
                depth: option.depth,
              }))}
              onValueChange={(next) => {
                setPath(next)
                setError(null)
              }}
            />
            <NewFolderButton
              parentPath={path === '' ? ROOT_PATH : path}
              onCreated={(folder) => {
                setMade(folder)
                setPath(folder.path)
                setError(null)
              }}
            />
          </div>
        </div>
        <FormFooter
          error={error}
          onCancel={() => {
            close(false)
          }}
          submitLabel="Move"
        />
      </form>
    </Dialog>
  )
}
