import { useState } from 'react'

import { toast } from '../../../components/ui/toast'
import { parseTags } from '../../../contract/tag-list'
import type { MediaRecord } from '../../../contract/record'
import { Dialog } from '../../../components/ui/dialog'
import { errorMessage } from '../../../lib/api-errors'
import { withPatch, withRecords, type MediaCache } from '../../../lib/record-changes'
import { updateFile } from '../api/update-file'
import { EditFileForm, type EditValues } from './edit-file-form'

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'failed'; message: string }

interface EditFileDialogProps {
  /** The file being edited; null when closed. */
  record: MediaRecord | null
  /** The field that takes the focus when the dialog opens; the first one otherwise. */
  focusField?: keyof EditValues | undefined
  cache: MediaCache
  onClose: () => void
}

/**
 * Spec section 4: save updates the list and closes the dialog. The list changes at once; if the server
 * refuses, it rolls back and the dialog stays open with the reason, so nothing typed is lost. Only the
 * fields the person changed are sent (`changedValues`), so a teammate's save meanwhile is not undone.
 */
export function EditFileDialog({ record, focusField, cache, onClose }: EditFileDialogProps) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' })

  const save = async (target: MediaRecord, changes: Partial<EditValues>) => {
    if (Object.keys(changes).length === 0) {
      // Nothing to write: the file is as the form shows it.
      onClose()
      toast.success('File updated successfully!')
      return
    }
    setState({ kind: 'saving' })
    const { tags, ...texts } = changes
    const tagList = tags === undefined ? undefined : parseTags(tags)
    try {
      await cache.change(
        () => updateFile(target.id, tagList ? { ...texts, tags: tagList.join(', ') } : texts),
        withPatch([target.id], tagList ? { ...texts, tags: tagList } : texts),
        (saved) => withRecords([saved]),
      )
      setState({ kind: 'idle' })
      onClose()
      toast.success('File updated successfully!')
    } catch (error) {
      // Said once, under the form the person is looking at; the dialog stays open with what they typed.
      setState({ kind: 'failed', message: `Error updating file: ${errorMessage(error, 'Network error')}` })
    }
  }

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) {
          setState({ kind: 'idle' })
          onClose()
        }
      }}
      title="Edit File"
      initialFocus={focusField === undefined ? undefined : `[name="${focusField}"]`}
    >
      {record !== null && (
        <EditFileForm
          key={record.id}
          record={record}
          saving={state.kind === 'saving'}
          error={state.kind === 'failed' ? state.message : null}
          onSave={(changes) => void save(record, changes)}
          onCancel={() => {
            setState({ kind: 'idle' })
            onClose()
          }}
        />
      )}
    </Dialog>
  )
}
