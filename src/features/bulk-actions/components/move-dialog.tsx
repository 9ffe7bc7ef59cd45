import { useState, type SyntheticEvent } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { Select } from '../../../components/ui/select'
import type { MoveOption, MoveTarget } from '../../../lib/move-target'
import { countOf } from '../../../lib/plural'

interface MoveDialogProps {
  open: boolean
  count: number
  options: readonly MoveOption[]
  onOpenChange: (open: boolean) => void
  onMove: (target: MoveTarget) => void
}

export function MoveDialog({ open, count, options, onOpenChange, onMove }: MoveDialogProps) {
  const [path, setPath] = useState('')
  const [error, setError] = useState<string | null>(null)
  const close = (next: boolean) => {
    setPath('')
    setError(null)
    onOpenChange(next)
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const target = options.find((option) => option.path === path)
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
          <Select
            label="Target folder"
            placeholder="Choose a folder"
            value={path}
            options={options.map((option) => ({
              value: option.path,
              label: option.label,
              depth: option.depth,
            }))}
            onValueChange={(next) => {
              setPath(next)
              setError(null)
            }}
          />
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
