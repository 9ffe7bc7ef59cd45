import { useRef, useState } from 'react'

import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { toast } from '../../../components/ui/toast'
import { fileTypeLabel } from '../../../contract/type-labels'
import type { MediaRecord } from '../../../contract/record'
import { formatBytes } from '../../../lib/format-bytes'
import { NO_CHANGE, withRecords, type MediaCache } from '../../../lib/record-changes'
import { mimeOf } from '../file-details'
import { stillRetrying } from '../batch-state'
import { isAbortError, uploadFailure, UPLOAD_WORDS } from '../messages'
import { validateIncomingFiles } from '../validate-files'
import { replaceOne, type ReplaceServices } from '../replace-one'
import './replace-file-dialog.css'

type ReplaceState =
  | { kind: 'choosing'; file: File | null; error: string | null }
  | { kind: 'sending'; file: File; progress: number; waiting: boolean; retrying?: number | undefined }
  | { kind: 'failed'; file: File; error: string; detail?: string }

const CHOOSING: ReplaceState = { kind: 'choosing', file: null, error: null }

interface ReplaceFileDialogProps {
  /** The file whose bytes are replaced; null when closed. */
  record: MediaRecord | null
  cache: MediaCache
  /** The media host and the rest, loaded when a file is chosen: the upload code stays out of the screen's. */
  loadServices: () => Promise<ReplaceServices>
  onClose: () => void
}

/** Said when the new file is of another type than the record's: allowed, but the card will change. */
export function typeChangeWarning(record: MediaRecord, file: File): string | null {
  const before = fileTypeLabel(record.file_type)
  const after = fileTypeLabel(mimeOf(file))
  if (mimeOf(file) === record.file_type || before === after) return null
  return `The file's type will change from ${before} to ${after}.`
}

/**
 * Replace file: one new file for an existing record, sent like an upload. The record keeps its title,
 * tags and the rest; the version replaced goes to the Trash, where it can be restored as a file of its own.
 */
export function ReplaceFileDialog({ record, cache, loadServices, onClose }: ReplaceFileDialogProps) {
  const [state, setState] = useState<ReplaceState>(CHOOSING)
  const running = useRef<AbortController | null>(null)

  const close = () => {
    running.current?.abort()
    running.current = null
    setState(CHOOSING)
    onClose()
  }

  const choose = async (file: File | undefined) => {
    if (!file) return
    try {
      const { host } = await loadServices()
      const [refused] = validateIncomingFiles([], [file], { maxBytes: host.maxFileBytes }).rejected
      setState({ kind: 'choosing', file: refused ? null : file, error: refused?.error ?? null })
    } catch (error) {
      setState({ kind: 'choosing', file: null, error: uploadFailure(error).error })
    }
  }

  const send = async (target: MediaRecord, file: File) => {
    const controller = new AbortController()
    running.current = controller
    setState({ kind: 'sending', file, progress: 0, waiting: false })
    const update = (change: Partial<{ waiting: boolean; retrying: number }>) => {
      setState((current) => (current.kind === 'sending' ? { ...current, ...change } : current))
    }
    try {
      const services = await loadServices()
      await cache.change(
        () =>
          replaceOne(target, file, services, {
            signal: controller.signal,
            onProgress: (fraction) => {
              const progress = Math.round(fraction * 100)
              setState((current) =>
                current.kind === 'sending'
                  ? {
                      ...current,
                      progress,
                      retrying: stillRetrying(current.progress, progress, current.retrying),
                    }
                  : current,
              )
            },
            onWaiting: (waiting) => {
              update({ waiting })
            },
            onRetrying: (status) => {
              update({ retrying: status })
            },
          }),
        NO_CHANGE,
        ({ record: replaced }) => withRecords([replaced]),
      )
      running.current = null
      setState(CHOOSING)
      onClose()
      toast.success(`The file of "${target.title}" was replaced. The old version is in the Trash.`)
    } catch (error) {
      if (isAbortError(error)) return
      setState({ kind: 'failed', file, ...uploadFailure(error) })
    }
  }

  const file = state.file
  const warning = record && file ? typeChangeWarning(record, file) : null
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) close()
      }}
      title="Replace file"
      description={
        record
          ? `Choose the new file for "${record.title}". Its title, description, tags and folder stay; the current version goes to the Trash.`
          : undefined
      }
    >
      {record !== null && (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault()
            if (file && state.kind !== 'sending') void send(record, file)
          }}
        >
          <label className="form__field">
            New file
            <input
              type="file"
              disabled={state.kind === 'sending'}
              onChange={(event) => {
                void choose(event.currentTarget.files?.[0])
              }}
            />
          </label>
          {file && (
            <p className="replace-file__note">
              {file.name}, {formatBytes(file.size)}
            </p>
          )}
          {warning && <p className="replace-file__note">{warning}</p>}
          {state.kind === 'sending' && (
            <p className="replace-file__note">
              <progress value={state.progress} max={100} aria-label={`${state.file.name} upload progress`} />{' '}
              {state.waiting
                ? UPLOAD_WORDS.waiting
                : `${String(state.progress)}%${state.retrying === undefined ? '' : ` ${UPLOAD_WORDS.retrying(state.retrying)}`}`}
            </p>
          )}
          <FormFooter
            error={
              state.kind === 'failed' || (state.kind === 'choosing' && state.error) ? (
                <>
                  {state.error}
                  {state.kind === 'failed' && state.detail && <> {state.detail}</>}
                </>
              ) : null
            }
            onCancel={close}
            submitLabel={state.kind === 'failed' ? 'Retry' : 'Replace'}
            pendingLabel="Replacing…"
            pending={state.kind === 'sending'}
            disabled={!file}
          />
        </form>
      )}
    </Dialog>
  )
}
