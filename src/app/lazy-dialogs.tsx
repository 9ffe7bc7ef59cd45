import { lazyWithPreload, OpenedOnce } from '../components/ui/lazy-load'
import { useAccessStatus } from '../features/access/api/access'
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
  return import('../features/preview/components/details-dialog').then((module) => module.DetailsDialog)
})

export function preloadFileDialogs(): void {
  DetailsDialog.preload()
  preloadCommandDialogs()
}

/** The Webflow panel, opened from the sidebar; it loads when the pointer or focus reaches its entry. */
export const WebflowDialog = lazyWithPreload(() =>
  import('../features/webflow/components/webflow-dialog').then((module) => module.WebflowDialog),
)

/** The Webhooks page, opened from the sidebar; it loads when the pointer or focus reaches its entry. */
export const WebhooksDialog = lazyWithPreload(() =>
  import('../features/webhooks/components/webhooks-dialog').then((module) => module.WebhooksDialog),
)

/** The Activity panel, opened from the sidebar; it loads when the pointer or focus reaches its entry. */
export const ActivityDialog = lazyWithPreload(() =>
  import('../features/activity/components/activity-dialog').then((module) => module.ActivityDialog),
)

/** The People page (admins), opened from the sidebar. */
export const PeopleDialog = lazyWithPreload(() =>
  import('../features/people/components/people-dialog').then((module) => module.PeopleDialog),
)

/** The Tokens page, opened from the sidebar. */
export const TokensDialog = lazyWithPreload(() =>
  import('../features/people/components/tokens-dialog').then((module) => module.TokensDialog),
)

/** The password change, opened from the header's account menu. */
export const PasswordDialog = lazyWithPreload(() =>
  import('../features/access/components/password-dialog').then((module) => module.PasswordDialog),
)

/** The keyboard shortcuts dialog, opened with '?' (src/app/shortcuts-help.tsx). */
export const ShortcutsDialog = lazyWithPreload(() =>
  import('./shortcuts-dialog').then((module) => module.ShortcutsDialog),
)

const AccessDialog = lazyWithPreload(() =>
  import('../features/access/components/access-dialog').then((module) => module.AccessDialog),
)

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
