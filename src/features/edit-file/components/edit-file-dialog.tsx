import { useRef, useState } from 'react'

import { toast } from '../../../components/ui/toast'
import { parseTags } from '../../../contract/tag-list'
import type { MediaRecord } from '../../../contract/record'
import { Dialog } from '../../../components/ui/dialog'
import { ApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/api-errors'
import { getStoredFile } from '../../../lib/stored-file'
import { NO_CHANGE, withPatch, withRecords, type MediaCache } from '../../../lib/record-changes'
import { updateFile } from '../api/update-file'
import { changedElsewhere, changedElsewhereMessage, valuesOf, type EditValues } from '../model/edit-values'
import { EditFileForm } from './edit-file-form'

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
 * fields the person changed are sent (`changedValues`), so a teammate's save meanwhile is not undone;
 * one of those fields saved elsewhere since the form opened (or since the list shown was fetched) is
 * said first, and a second Save replaces it (decision 0092).
 */
export function EditFileDialog({ record, focusField, cache, onClose }: EditFileDialogProps) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' })
  /** Values saved elsewhere that the person was told of: a Save after that replaces them. */
  const [told, setTold] = useState<Partial<EditValues>>({})
  /** Counts the closes: a save whose read comes back after one (Cancel while it read) sends nothing. */
  const closes = useRef(0)
  const close = () => {
    closes.current += 1
    setState({ kind: 'idle' })
    setTold({})
    onClose()
  }

  const save = async (target: MediaRecord, changes: Partial<EditValues>, opened: EditValues) => {
    if (Object.keys(changes).length === 0) {
      // Nothing to write: the file is as the form shows it.
      close()
      toast.success('File updated successfully!')
      return
    }
    setState({ kind: 'saving' })
    const opening = closes.current
    const { tags, ...texts } = changes
    const tagList = tags === undefined ? undefined : parseTags(tags)
    const sent = tagList ? { ...texts, tags: tagList.join(', ') } : texts
    const shown = withPatch([target.id], tagList ? { ...texts, tags: tagList } : texts)
    for (let reads = 1; ; reads++) {
      const stored = await storedFile(cache, target.id)
      if (closes.current !== opening) return
      const elsewhere =
        stored === null ? [] : changedElsewhere({ ...opened, ...told }, changes, stored.values)
      if (stored !== null && elsewhere.length > 0) {
        setTold({ ...told, ...Object.fromEntries(elsewhere.map((field) => [field, stored.values[field]])) })
        setState({ kind: 'failed', message: changedElsewhereMessage(elsewhere, stored.values) })
        return
      }
      try {
        // Made only while the file is the version just read (If-Match): nothing saved since is replaced.
        await cache.change(
          () => updateFile(target.id, sent, stored?.version ?? null),
          shown,
          (saved) => withRecords([saved]),
        )
        close()
        toast.success('File updated successfully!')
        return
      } catch (error) {
        // Saved elsewhere between the read and the update: read it again and check once more.
        const savedMeanwhile = error instanceof ApiError && error.status === 412
        if (savedMeanwhile && reads < MOST_READS) continue
        // Said once, under the form the person is looking at; the dialog stays open with what they typed.
        const reason = savedMeanwhile ? KEPT_CHANGING : errorMessage(error, 'Network error')
        setState({ kind: 'failed', message: `Error updating file: ${reason}` })
        return
      }
    }
  }

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) close()
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
          onSave={(changes, opened) => void save(record, changes, opened)}
          onCancel={close}
        />
      )}
    </Dialog>
  )
}

/** Reads of the file a save makes at most, when saves elsewhere keep landing between its read and update. */
const MOST_READS = 3
/** Why a save gave up after those reads, in the person's words rather than the API's. */
const KEPT_CHANGING = 'the file kept changing elsewhere while it was saved. Save again to try once more.'

/**
 * The file's editable values as the server holds them now, and its version for the update's condition,
 * shown in the list at once (the list may be older than the form); null when they cannot be read, and
 * the save then says why through its own call.
 */
async function storedFile(
  cache: MediaCache,
  id: number,
): Promise<{ values: EditValues; version: string | null } | null> {
  try {
    const stored = await cache.change(
      () => getStoredFile(id),
      NO_CHANGE,
      // A file moved to the trash meanwhile stays as shown: the save's own answer says it is gone.
      ({ record }) => (record.deleted_at === undefined ? withRecords([record]) : NO_CHANGE),
    )
    return { values: valuesOf(stored.record), version: stored.version }
  } catch {
    return null
  }
}
