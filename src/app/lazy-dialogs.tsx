import { lazyWithPreload, OpenedOnce } from '../components/ui/lazy-load'
import { loadAccessDialog, loadPasswordDialog, useAccessStatus } from '../features/access'
import { loadActivityDialog } from '../features/activity'
import { loadPeopleDialog, loadTokensDialog } from '../features/people'
import { loadDetailsDialog } from '../features/preview'
import { loadWebflowDialog } from '../features/webflow'
import { loadWebhooksDialog } from '../features/webhooks'
import { stopAskingForAccess, useAccess } from '../lib/access'
import { FILE_COMMANDS } from './file-commands'

// Dialogs opened from the files: a click, Enter, the right-click menu, the bulk panel, the Delete key.
// They load when the pointer or focus reaches the files (`preloadFileDialogs`), not with the page, and in
// any case in the first idle moment after the list is in (`preloadLazyParts`, from the providers).

/** Every registered command's own dialog (each a lazy part of its command). */
function preloadCommandDialogs(): void {
  for (const command of FILE_COMMANDS) command.dialog?.preload?.()
}

export const DetailsDialog = lazyWithPreload(() => {
  // Details opened from a link never passed the files: its Edit button needs the Edit dialog next.
  preloadCommandDialogs()
  return loadDetailsDialog()
})

export function preloadFileDialogs(): void {
  DetailsDialog.preload()
  preloadCommandDialogs()
}

/** The Webflow panel, opened from the sidebar; it loads when the pointer or focus reaches its entry. */
export const WebflowDialog = lazyWithPreload(loadWebflowDialog)

/** The Webhooks page, opened from the sidebar; it loads when the pointer or focus reaches its entry. */
export const WebhooksDialog = lazyWithPreload(loadWebhooksDialog)

/** The Activity panel, opened from the sidebar; it loads when the pointer or focus reaches its entry. */
export const ActivityDialog = lazyWithPreload(loadActivityDialog)

/** The People page (admins), opened from the sidebar. */
export const PeopleDialog = lazyWithPreload(loadPeopleDialog)

/** The Tokens page, opened from the sidebar. */
export const TokensDialog = lazyWithPreload(loadTokensDialog)

/** The password change, opened from the header's account menu. */
export const PasswordDialog = lazyWithPreload(loadPasswordDialog)

/** The keyboard shortcuts dialog, opened with '?' (src/app/shortcuts-help.tsx). */
export const ShortcutsDialog = lazyWithPreload(() =>
  import('./shortcuts-dialog').then((module) => module.ShortcutsDialog),
)

const AccessDialog = lazyWithPreload(loadAccessDialog)

/**
 * The access gate: its probe (is a token needed?) runs with the page, while the sign-in dialog loads
 * only once a call was refused, which most visits never see.
 */
export function AccessGate({ onGranted }: { onGranted: () => void }) {
  useAccessStatus()
  const { asking } = useAccess()
  return (
    <OpenedOnce open={asking} region="sign-in dialog" onClose={stopAskingForAccess}>
      <AccessDialog onGranted={onGranted} />
    </OpenedOnce>
  )
}
