import '../../../components/ui/file-table.css'
import './trash.css'

import { ArchiveRestore, Download, Trash2 } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'

import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { Checkbox } from '../../../components/ui/checkbox'
import { lazyWithPreload, OpenedOnce } from '../../../components/ui/lazy-load'
import { Spinner } from '../../../components/ui/spinner'
import { useCanCall } from '../../../lib/access'
import { formatDateTime } from '../../../lib/format-date'
import { countOf, thousands } from '../../../lib/plural'
import type { MediaRecord } from '../../../contract/record'
import { downloadOne } from '../../bulk-actions'
import type { FileAction } from '../../commands'
import { loadDetailsDialog } from '../../preview'
import type { TrashedRecord } from '../api/get-trash'
import { daysLeft } from '../model/days-left'
import { useTrashSelection } from '../model/use-trash-selection'
import { useTrashView } from '../model/use-trash-view'
import { TrashRow } from './trash-row'

/** What the confirm dialog is asking about: one file, the checked ones, or the whole trash. */
type Confirmation =
  | { kind: 'one'; record: TrashedRecord }
  | { kind: 'selected'; records: TrashedRecord[] }
  | { kind: 'all'; records: TrashedRecord[] }

const NONE: readonly TrashedRecord[] = []
const MINUTE_MS = 60_000
/**
 * The rows the Trash draws at first, and each Show more adds: a trash of tens of thousands of files (a
 * large folder deleted) is drawn a step at a time, not in one long task. Its selection and Empty trash
 * still cover every file.
 */
export const TRASH_ROWS_STEP = 200

// The library's Details dialog, which a trashed file opens in too; its code is the library's.
const DetailsDialog = lazyWithPreload(loadDetailsDialog)

/** The time now, moving on each minute, for the days left to count to. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now())
    }, MINUTE_MS)
    return () => {
      clearInterval(timer)
    }
  }, [])
  return now
}

/** A trashed file's Details, kept in the address as the library's are (`?trash=1&file=N`). */
export interface TrashDetails {
  /** The file shown; null when none. */
  id: number | null
  /** Opens a file's Details, an entry of its own in the history: Back closes it. */
  open: (id: number) => void
  /** Shows the file before or after, in the same entry. */
  step: (record: MediaRecord) => void
  close: () => void
  /** Puts the file back (shown at once) and shows its Details in the library. */
  restore: (record: MediaRecord) => void
  /**
   * The address names a file the trash does not hold (restored or deleted for good since the link was
   * made): the library answers for it, opening it or saying it is gone.
   */
  notInTrash: (id: number) => void
}

interface TrashViewProps {
  /** Files came back: the file list should show them. */
  onRestored: () => void
  details: TrashDetails
}

/**
 * The trashed files, most recently deleted first, each with its picture, folder and days left, with
 * Restore and Delete forever for one file or the checked ones, and Empty trash. A file's title opens
 * its Details (what it is and its history), with Restore and Delete forever there too.
 */
export function TrashView({ onRestored, details }: TrashViewProps) {
  const { records, validating, purgeDays, error, retry, restore, purge } = useTrashView(onRestored)
  const { checked, selected, allChecked, toggle, toggleAll, release } = useTrashSelection(records ?? NONE)
  const now = useMinuteClock()
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null)
  const count = records?.length ?? 0
  const [rowsShown, setRowsShown] = useState(TRASH_ROWS_STEP)
  const rows = useMemo(() => (records ?? NONE).slice(0, rowsShown), [records, rowsShown])
  // Restoring is an editor's, deleting for good an admin's: a control this browser may not use is not shown.
  const canRestore = useCanCall('trashRestore', 'POST')
  const canPurge = useCanCall('trashPurge', 'POST')
  const canCheck = canRestore || canPurge
  const openId = details.id
  useEffect(() => {
    // Usually in hand already, from the library's files; here a title's click must not wait for it.
    DetailsDialog.preload()
  }, [])
  // Details shows the file as the trash now lists it: restored or deleted for good meanwhile, it closes.
  const opened = useMemo(
    () => (openId === null ? null : (records?.find((record) => record.id === openId) ?? null)),
    [records, openId],
  )
  const { close: closeDetails, notInTrash } = details
  // Asked once the list is as the server has it: a list kept from before the file's delete lacks it.
  const missing = records !== undefined && !validating && openId !== null && opened === null ? openId : null
  useEffect(() => {
    if (missing !== null) notInTrash(missing)
  }, [missing, notInTrash])
  // Left and Right step through the trash in its order.
  const order = useMemo(() => {
    const list = records ?? NONE
    return {
      placeOf: (id: number) => list.findIndex((record) => record.id === id),
      recordAt: (place: number) => list[place],
    }
  }, [records])
  const restoreOne = (target: TrashedRecord) => {
    release([target])
    void restore([target])
  }
  const deleteForever = (target: TrashedRecord) => {
    setConfirmation({ kind: 'one', record: target })
  }
  const detailsActions: FileAction[] = []
  if (opened !== null && canRestore) {
    detailsActions.push({
      name: 'restore',
      label: 'Restore',
      icon: ArchiveRestore,
      hasDialog: false,
      primary: true,
      perform: () => {
        details.restore(opened)
      },
    })
  }
  if (opened !== null) {
    // Its bytes stay until it is deleted for good: a person may keep a copy before that.
    detailsActions.push({
      name: 'download',
      label: 'Download',
      icon: Download,
      hasDialog: false,
      perform: () => {
        downloadOne(opened)
      },
    })
  }
  if (opened !== null && canPurge) {
    detailsActions.push({
      name: 'delete-forever',
      label: 'Delete forever',
      icon: Trash2,
      danger: true,
      hasDialog: true,
      perform: () => {
        closeDetails()
        deleteForever(opened)
      },
    })
  }

  return (
    <section className="trash" aria-labelledby="trash-heading">
      <div className="trash__header">
        <h2 id="trash-heading" className="trash__heading">
          Trash
        </h2>
        {canPurge && (
          <button
            type="button"
            className="button button--danger"
            disabled={count === 0}
            onClick={() => {
              setConfirmation({ kind: 'all', records: records ?? [] })
            }}
          >
            Empty trash
          </button>
        )}
      </div>
      <p className="trash__hint">
        Deleted files stay here until you restore them or delete them forever; old ones are deleted
        automatically.
      </p>
      {error !== undefined && records === undefined ? (
        <ErrorState message="Failed to load the trash." onRetry={retry} />
      ) : records === undefined ? (
        <Spinner label="Loading the trash..." />
      ) : count === 0 ? (
        <EmptyState title="Trash is empty" hint="Files you delete appear here." />
      ) : (
        <>
          {canCheck && (
            <div className="trash__selection" role="group" aria-label="Checked files">
              <span className="trash__selection-count" aria-live="polite">
                {selected.length === 0 ? 'No files checked' : `${countOf(selected.length, 'file')} checked`}
              </span>
              {canRestore && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={selected.length === 0}
                  onClick={() => {
                    release(selected)
                    void restore(selected)
                  }}
                >
                  Restore selected
                </button>
              )}
              {canPurge && (
                <button
                  type="button"
                  className="button button--danger button--small"
                  disabled={selected.length === 0}
                  onClick={() => {
                    setConfirmation({ kind: 'selected', records: selected })
                  }}
                >
                  Delete forever selected
                </button>
              )}
            </div>
          )}
          <div className="trash__scroll">
            <table className="file-table trash__table">
              <caption className="visually-hidden">Files in the trash</caption>
              <thead>
                <tr>
                  {canCheck && (
                    <th scope="col" className="file-table__check">
                      <Checkbox
                        checked={allChecked}
                        label="Select all files in the trash"
                        onClick={toggleAll}
                      />
                    </th>
                  )}
                  <th scope="col">Title</th>
                  <th scope="col" className="trash__col-folder">
                    Folder
                  </th>
                  <th scope="col" className="file-table__col-type">
                    Type
                  </th>
                  <th scope="col" className="trash__col-deleted">
                    Deleted
                  </th>
                  <th scope="col" className="trash__col-left">
                    Time left
                  </th>
                  <th scope="col" className="file-table__col-size">
                    Size
                  </th>
                  <th scope="col" className="trash__col-actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((record) => (
                  <TrashRow
                    key={record.id}
                    record={record}
                    purgeDays={purgeDays}
                    now={now}
                    checked={checked.has(record.id)}
                    onOpen={details.open}
                    onCheck={canCheck ? toggle : null}
                    onRestore={canRestore ? restoreOne : null}
                    onDeleteForever={canPurge ? deleteForever : null}
                  />
                ))}
              </tbody>
            </table>
            {count > rows.length && (
              <div className="trash__more">
                <span className="trash__more-count">
                  Showing {thousands(rows.length)} of {thousands(count)} files
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => {
                    setRowsShown((shown) => shown + TRASH_ROWS_STEP)
                  }}
                >
                  Show {thousands(Math.min(TRASH_ROWS_STEP, count - rows.length))} more
                </button>
              </div>
            )}
          </div>
        </>
      )}
      <OpenedOnce open={opened !== null} region="Details dialog" onClose={closeDetails}>
        <DetailsDialog
          record={opened}
          order={order}
          onShow={details.step}
          onClose={closeDetails}
          actions={detailsActions}
          notice={opened === null ? undefined : trashNotice(opened, purgeDays, now, canRestore)}
        />
      </OpenedOnce>
      <ConfirmDialog
        open={confirmation !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmation(null)
        }}
        title={confirmation?.kind === 'all' ? 'Empty trash' : 'Delete forever'}
        message={confirmMessage(confirmation)}
        confirmLabel={confirmation?.kind === 'all' ? 'Empty trash' : 'Delete forever'}
        onConfirm={() => {
          if (confirmation) {
            const targets = confirmation.kind === 'one' ? [confirmation.record] : confirmation.records
            release(targets)
            void purge(targets)
          }
          setConfirmation(null)
        }}
      />
    </section>
  )
}

/** What Details says of a trashed file: when it was deleted, how long it stays, and how to get it back. */
function trashNotice(record: TrashedRecord, purgeDays: number, now: number, canRestore: boolean): string {
  const stays = `In the trash since ${formatDateTime(record.deleted_at)}: ${daysLeft(record.deleted_at, purgeDays, now)}.`
  return canRestore ? `${stays} Restore it to edit, move or share it.` : stays
}

function confirmMessage(confirmation: Confirmation | null): string {
  if (confirmation === null) return ''
  if (confirmation.kind === 'one') {
    return `Delete "${confirmation.record.title}" forever? This cannot be undone.`
  }
  if (confirmation.kind === 'selected') {
    return `Delete the ${countOf(confirmation.records.length, 'selected file')} forever? This cannot be undone.`
  }
  const n = confirmation.records.length
  return `Delete ${n === 1 ? 'the 1 file' : `all ${String(n)} files`} in the trash forever? This cannot be undone.`
}
