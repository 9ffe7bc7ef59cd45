import './webflow.css'

import { useState } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import { Dialog } from '../../../components/ui/dialog'
import type { WebflowSyncAllStatus } from '../../../contract/api'
import { specFieldLabel, type WebflowFieldMapping, type WebflowStatus } from '../../../contract/webflow'
import { useCanCall } from '../../../lib/access'
import { errorMessage } from '../../../lib/api-errors'
import { formatDateTime } from '../../../lib/format-date'
import { startSyncAll, useSyncAll, useWebflowStatus } from '../api/webflow'

interface WebflowDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The Webflow panel: whether the site answers, which collection field each file field goes to and how
 * it was found, which field gets an image's picture, how items are published, and Sync all with its
 * progress.
 */
export function WebflowDialog({ open, onOpenChange }: WebflowDialogProps) {
  const status = useWebflowStatus(open)
  const ready = status.data?.ok === true && Boolean(status.data.collection_id)
  // Sync all is an admin's (the rest of the panel only reads).
  const canSyncAll = useCanCall('webflowSyncAll', 'POST')
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Webflow"
      description="Every file is copied to a collection of your Webflow site, as one item each."
    >
      <section className="webflow-panel__section" aria-labelledby="webflow-connection">
        <h3 id="webflow-connection" className="webflow-panel__heading">
          Connection
        </h3>
        <Connection
          status={status.data}
          error={status.error}
          checking={status.isValidating}
          onCheck={() => void status.mutate()}
        />
      </section>
      {status.data?.mapping && <FieldMapping status={status.data} />}
      {ready && canSyncAll && <SyncAll />}
    </Dialog>
  )
}

interface ConnectionProps {
  status: WebflowStatus | undefined
  error: Error | undefined
  checking: boolean
  onCheck: () => void
}

function Connection({ status, error, checking, onCheck }: ConnectionProps) {
  const checkAgain = (
    <div className="webflow-panel__actions">
      <button type="button" className="button button--secondary" {...busyButton(checking, onCheck)}>
        {checking ? 'Checking…' : 'Check again'}
      </button>
    </div>
  )
  if (!status && error) {
    return (
      <>
        <p className="form__error" role="alert">
          Could not check the connection to Webflow: {errorMessage(error, 'Network error')}
        </p>
        {checkAgain}
      </>
    )
  }
  if (!status) return <p className="webflow-panel__text">Checking the connection to Webflow…</p>
  if (!status.configured) {
    return (
      <>
        <p className="webflow-panel__text">
          Webflow is not set up, so files are not copied anywhere. Nothing else is affected.
        </p>
        <p className="webflow-panel__hint">
          To turn it on, set WEBFLOW_API_TOKEN, WEBFLOW_SITE_ID and WEBFLOW_COLLECTION_ID in the site’s
          environment variables, then deploy again.
        </p>
      </>
    )
  }
  if (!status.ok) {
    return (
      <>
        <p className="form__error" role="alert">
          Webflow did not accept the connection: {status.error ?? 'no reason given'}
        </p>
        <p className="webflow-panel__hint">
          Files are not copied until this is fixed. Check the token, site ID and collection ID in the site’s
          environment variables.
        </p>
        {checkAgain}
      </>
    )
  }
  const site = status.site?.displayName ?? status.site?.shortName ?? status.site?.id ?? 'your site'
  return (
    <>
      <p className="webflow-panel__text">
        Connected to <strong>{site}</strong>
        {status.collection && (
          <>
            , collection <strong>{status.collection.display_name}</strong>
          </>
        )}
        .
      </p>
      {status.publish && <p className="webflow-panel__hint">{PUBLISH_TEXT[status.publish]}</p>}
      {status.warning && (
        <p className="webflow-panel__warning" role="alert">
          {status.warning}
        </p>
      )}
      {checkAgain}
    </>
  )
}

const PUBLISH_TEXT = {
  live: 'Publishing: live. New and changed files show on the published site straight away.',
  staged: 'Publishing: staged. New and changed files show on the site after its next publish in Webflow.',
} as const

function FieldMapping({ status }: { status: WebflowStatus }) {
  const required = status.unmapped_required ?? []
  return (
    <section className="webflow-panel__section" aria-labelledby="webflow-fields">
      <h3 id="webflow-fields" className="webflow-panel__heading">
        Fields
      </h3>
      {required.length > 0 && (
        <p className="webflow-panel__warning" role="alert">
          Webflow will refuse every file until these required fields can be filled:{' '}
          {required.map((field) => `${field.display_name} (${field.type})`).join(', ')}. Make them optional in
          the collection’s settings in Webflow, or change their type.
        </p>
      )}
      {status.picture && <p className="webflow-panel__text">{status.picture.message}.</p>}
      <table className="webflow-panel__table">
        <thead>
          <tr>
            <th scope="col">File field</th>
            <th scope="col">Webflow field</th>
          </tr>
        </thead>
        <tbody>
          {(status.mapping ?? []).map((entry) => (
            <tr key={entry.field}>
              <th scope="row">{specFieldLabel(entry.field)}</th>
              <td>
                <MappingCell entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function MappingCell({ entry }: { entry: WebflowFieldMapping }) {
  const field = entry.collection_field
  // The field's name in the Designer, and its slug: what the item's value is keyed by.
  const named = field && (
    <>
      {field.display_name}{' '}
      <span className="webflow-panel__type">
        ({field.type} field “{field.slug}”)
      </span>
    </>
  )
  const note = entry.message && <div className="webflow-panel__type">{entry.message}</div>
  if (entry.status === 'mapped') {
    return (
      <>
        {named}
        {note}
      </>
    )
  }
  if (entry.status === 'missing') {
    return (
      <>
        Not copied: the collection has no field “{entry.field}”.
        {note}
      </>
    )
  }
  return (
    <>
      {named} Not copied: the app cannot fill a field of this type.
      {note}
    </>
  )
}

function SyncAll() {
  const progress = useSyncAll()
  const [start, setStart] = useState<
    { kind: 'idle' } | { kind: 'starting' } | { kind: 'failed'; message: string }
  >({ kind: 'idle' })
  const running = progress.data?.running === true
  const syncAll = async () => {
    setStart({ kind: 'starting' })
    try {
      const answer = await startSyncAll()
      await progress.mutate({ ...answer.progress, configured: true }, { revalidate: false })
      setStart({ kind: 'idle' })
    } catch (error) {
      setStart({ kind: 'failed', message: errorMessage(error, 'Network error') })
    }
  }
  return (
    <section className="webflow-panel__section" aria-labelledby="webflow-sync-all">
      <h3 id="webflow-sync-all" className="webflow-panel__heading">
        Sync all
      </h3>
      <p className="webflow-panel__hint">
        Copies every file that is not in Webflow yet: files added before Webflow was set up, files whose copy
        failed, and files that have waited more than a few minutes. Files already in Webflow are left as they
        are.
      </p>
      <div aria-live="polite">{progress.data && <Progress progress={progress.data} />}</div>
      {start.kind === 'failed' && (
        <p className="form__error" role="alert">
          Sync all could not start: {start.message}
        </p>
      )}
      <div className="webflow-panel__actions">
        <button
          type="button"
          className="button"
          {...busyButton(running || start.kind === 'starting', () => void syncAll())}
        >
          {running ? 'Syncing…' : start.kind === 'starting' ? 'Starting…' : 'Sync all'}
        </button>
      </div>
    </section>
  )
}

function Progress({ progress }: { progress: WebflowSyncAllStatus }) {
  const handled = progress.done + progress.failed
  const failed =
    progress.failed > 0 ? ` ${String(progress.failed)} could not be copied: see each file’s Details.` : ''
  if (progress.running) {
    return (
      <>
        <p className="webflow-panel__text">
          Syncing: {String(handled)} of {String(progress.total)} files done.{failed}
        </p>
        <progress
          className="webflow-panel__progress"
          value={handled}
          max={Math.max(progress.total, 1)}
          aria-label="Sync all progress"
        />
      </>
    )
  }
  if (progress.started_at === null) return null
  const when = formatDateTime(progress.finished_at ?? progress.started_at)
  return (
    <>
      {progress.error && (
        <p className="webflow-panel__warning" role="alert">
          {progress.error}
        </p>
      )}
      <p className="webflow-panel__text">
        {handled === 0 && !progress.error
          ? `Last Sync all (${when}) found nothing to copy: every file was already in Webflow.`
          : `Last Sync all (${when}): ${String(progress.done)} ${progress.done === 1 ? 'file' : 'files'} copied.${failed}`}
      </p>
    </>
  )
}
