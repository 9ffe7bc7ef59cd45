import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'

import { isDeliverableImage, type ImageSettingsPatchFields } from '../../../contract/image-settings'
import type { MediaRecord } from '../../../contract/record'
import { Dialog } from '../../../components/ui/dialog'
import { lazyWithPreload } from '../../../components/ui/lazy-load'
import type { FileAction } from '../../commands'
import { loadShareLinks } from '../../share'
import { loadFileHistory } from '../../activity'
import { UsedIn } from '../../usage'
import { neighboursOf, type Neighbours, type VisibleOrder } from '../model/neighbours'
import { DetailsFields, type DetailsFilter } from './details-fields'
import { FileMetadataSection } from './file-metadata-section'
import { FilePreview, recordPreviewKind } from './file-preview'
import { ImageAdjust } from './image-adjust'
import { ImageUrls } from './image-urls'
import { useArrowKeys } from './use-arrow-keys'
import { WebflowSyncStatus } from './webflow-sync-status'
import './preview.css'

// Loaded apart: its calls' schemas bring zod, which the share feature's entry, on the first route for
// the Share and Copy link commands, must not (decision 0042). The idle preload usually has it in hand.
const ShareLinks = lazyWithPreload(loadShareLinks)
const FileHistory = lazyWithPreload(loadFileHistory)
// Off the first route with the activity's sidebar entry, the history's code follows the dialog's at once.
FileHistory.preload()

interface DetailsDialogProps {
  /** The file shown; null when closed. */
  record: MediaRecord | null
  /** The files the list shows, in its order: Left and Right move to the file before or after. */
  order?: VisibleOrder
  /** Shows another file in the dialog (the one before or after). */
  onShow?: (record: MediaRecord) => void
  onClose: () => void
  /** The registered commands Details shows as buttons, in order (a dialog's opens after Details closes). */
  actions: readonly FileAction[]
  /** Opens Edit on the alt text field, from an image's "Add alt text". */
  onAddAltText?: (record: MediaRecord) => void
  /** The server's newer version of the shown record (after a Webflow retry). */
  onRecordChanged?: (record: MediaRecord) => void
  /** Fetches the file list again, to follow a Webflow sync in progress. */
  onRefresh?: () => void
  /** Said above the preview: where the file stands when it is not in the library (in the trash). */
  notice?: ReactNode
  /** Lists the files sharing a tag or the author, in place of Details. */
  onFilter?: (filter: DetailsFilter) => void
  /** Saves an image's crop, rotation or focal point through the update call (decision 0047). */
  onAdjustImage?: (record: MediaRecord, fields: ImageSettingsPatchFields) => void
}

/**
 * Spec section 2: a preview plus description, type, size, created, author and tags. A file in the trash
 * (its record has `deleted_at`) shows what it is and its history, without what acts on a file in the
 * library: its Webflow item, image settings and addresses, share links and pages using it.
 */
export function DetailsDialog(props: DetailsDialogProps) {
  const { record, order, onShow, onClose, actions, onRecordChanged, onRefresh, notice } = props
  const { onFilter, onAdjustImage, onAddAltText } = props
  const live = record?.deleted_at === undefined
  const details = useRef<HTMLDivElement>(null)
  const id = record?.id ?? null
  const found = useMemo(
    () => (order === undefined || onShow === undefined || id === null ? null : neighboursOf(order, id)),
    [order, onShow, id],
  )
  // Where the list is held elsewhere (the library's worker), the neighbours arrive a moment later.
  const [arrived, setArrived] = useState<{ from: Promise<Neighbours>; neighbours: Neighbours } | null>(null)
  useEffect(() => {
    if (!(found instanceof Promise)) return
    let current = true
    void found.then((neighbours) => {
      if (current) setArrived({ from: found, neighbours })
    })
    return () => {
      current = false
    }
  }, [found])
  const neighbours = found instanceof Promise ? (arrived?.from === found ? arrived.neighbours : null) : found
  const show = (target: MediaRecord | null | undefined) =>
    target && onShow
      ? () => {
          onShow(target)
        }
      : null
  const onPrevious = show(neighbours?.previous)
  const onNext = show(neighbours?.next)
  useArrowKeys(details, { onPrevious, onNext })

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={record?.title ?? ''}
      wide
      // One height for every file, so Left and Right never move the controls under the pointer.
      tall
    >
      {record !== null && (
        <div className="details" ref={details}>
          {notice !== undefined && <p className="details__notice">{notice}</p>}
          <FilePreview key={record.id} record={record} />
          <dl className="details__fields">
            <DetailsFields record={record} onFilter={onFilter} onAddAltText={onAddAltText} />
            {live && onRecordChanged && onRefresh && (
              <WebflowSyncStatus record={record} onRecordChanged={onRecordChanged} onRefresh={onRefresh} />
            )}
          </dl>
          <FileMetadataSection metadata={record.metadata} />
          {live && isDeliverableImage(record) && (
            <>
              {onAdjustImage && (
                <ImageAdjust key={`adjust-${String(record.id)}`} record={record} onChange={onAdjustImage} />
              )}
              <ImageUrls key={`urls-${String(record.id)}`} record={record} />
            </>
          )}
          {live && (
            <>
              {/* Keyed apart from the preview: one file's expiry choice does not carry over to the next. */}
              <Suspense fallback={null}>
                <ShareLinks key={`share-links-${String(record.id)}`} fileId={record.id} />
              </Suspense>
              <UsedIn fileId={record.id} />
            </>
          )}
          <Suspense fallback={null}>
            <FileHistory key={`history-${String(record.id)}`} record={record} />
          </Suspense>
          <div className="dialog__actions details__actions">
            {neighbours !== null && (
              <div className="details__steps">
                {(
                  [
                    ['Previous file', 'Left arrow', ChevronLeft, onPrevious],
                    ['Next file', 'Right arrow', ChevronRight, onNext],
                  ] as const
                ).map(([label, key, Icon, step]) => (
                  <button
                    key={label}
                    type="button"
                    className="icon-button"
                    aria-label={label}
                    title={`${label} (${key})`}
                    disabled={step === null}
                    onClick={step ?? undefined}
                  >
                    <Icon size={16} aria-hidden="true" />
                  </button>
                ))}
              </div>
            )}
            {actions
              // An unsupported file already has spec section 2's 'Download File' link: one download only.
              .filter(({ name }) => name !== 'download' || recordPreviewKind(record) !== 'none')
              .map(({ name, icon: Icon, danger, primary, label, perform }) => (
                <button
                  key={name}
                  type="button"
                  className={
                    primary ? 'button' : danger ? 'button button--danger-quiet' : 'button button--secondary'
                  }
                  onClick={() => {
                    perform([record], 'context')
                  }}
                >
                  <Icon size={16} aria-hidden="true" />
                  {label}
                </button>
              ))}
          </div>
        </div>
      )}
    </Dialog>
  )
}
