import type { ActivityAction, ActivityEvent } from '../../../contract/activity'
import type { ActorSummary } from '../../../contract/actor-summary'

/** Each action as the log shows it. */
export const ACTION_LABELS: Record<ActivityAction, string> = {
  'file.created': 'Uploaded',
  'file.updated': 'Edited',
  'file.moved': 'Moved',
  'file.replaced': 'Replaced the file',
  'file.deleted': 'Moved to Trash',
  'file.restored': 'Restored',
  'file.purged': 'Deleted forever',
  'file.imported': 'Imported from a URL',
  'folder.created': 'Created a folder',
  'folder.updated': 'Renamed or moved a folder',
  'folder.deleted': 'Deleted a folder',
  'share.created': 'Made a share link',
  'share.revoked': 'Revoked a share link',
  'webflow.synced': 'Synced to Webflow',
  'webflow.sync_all_started': 'Started Sync all',
  'access.signed_in': 'Signed in',
  'access.sign_in_failed': 'Failed to sign in',
  'person.invited': 'Invited a person',
  'person.joined': 'Joined',
  'person.role_changed': "Changed a person's role",
  'person.removed': 'Removed a person',
  'token.created': 'Made an API token',
  'token.revoked': 'Revoked an API token',
}

/** Who acted, in words: a person by name, a token by its name, the owner's key, a failed sign-in's email. */
export function actorLabel(actor: ActorSummary): string {
  switch (actor.type) {
    case 'token':
      return `${actor.name} (API token)`
    case 'anonymous':
      return `Unknown (${actor.name})`
    case 'owner':
      return actor.id === 'local' ? 'This computer' : 'Owner (access token)'
    default:
      return actor.name
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** The word before the files where the action's own words do not lead to them: a link is *for* a file. */
const BEFORE_FILES: Partial<Record<ActivityAction, string>> = {
  'share.created': ' for',
  'share.revoked': ' for',
}

/** The one file an event acted on, as its line names it: the word before it, and its title or id. */
export interface NamedFile {
  id: number
  /** ' for' where the action's own words do not lead to the file, else ''. */
  before: string
  /** “Title” when the event kept it, else "file 6". */
  name: string
}

/** The event's one file, named; null when it acted on none or on several. */
export function namedFile(event: ActivityEvent): NamedFile | null {
  const [only] = event.file_ids
  if (event.file_ids.length !== 1 || only === undefined) return null
  const title = text(event.detail.title)
  return {
    id: only,
    before: BEFORE_FILES[event.action] ?? '',
    name: title ? `“${title}”` : `file ${String(only)}`,
  }
}

/** The files an event acted on: the one file by its title when the event kept it, else how many. */
export function filesActedOn(event: ActivityEvent): string {
  const file = namedFile(event)
  if (file) return `${file.before} ${file.name}`
  const before = BEFORE_FILES[event.action] ?? ''
  return event.file_ids.length > 1 ? `${before} ${String(event.file_ids.length)} files` : ''
}

/**
 * The folder an event's words name that a line can link to: where a move sent the files, a folder made,
 * or a folder's new path. Null for the top level and for a folder deleted.
 */
export function linkedFolder(event: ActivityEvent): string | null {
  if (!['file.moved', 'folder.created', 'folder.updated'].includes(event.action)) return null
  const path = text(event.detail.folder_path)
  return path === null || path === '/' ? null : path
}

/** What else the event's detail says about what was acted on, in words ('' when nothing). */
export function detailWords(event: ActivityEvent): string {
  const { detail } = event
  const path = text(detail.folder_path)
  const email = text(detail.email)
  const role = text(detail.role)
  const name = text(detail.name)
  switch (event.action) {
    case 'file.moved':
      return path ? ` to ${path}` : ''
    case 'folder.created':
    case 'folder.deleted':
      return path ? ` ${path}` : ''
    case 'folder.updated': {
      const previous = text(detail.previous_path)
      if (!path) return ''
      return previous && previous !== path ? ` ${previous} → ${path}` : ` ${path}`
    }
    case 'person.invited':
      return email ? ` ${email}${role ? ` as ${role}` : ''}` : ''
    case 'person.role_changed':
      return email && role ? `: ${email} is now ${role}` : ''
    case 'person.joined':
      return role ? ` as ${role}` : ''
    case 'token.created':
      return name ? ` “${name}”` : ''
    case 'access.sign_in_failed':
      return email ? ` as ${email}` : ''
    case 'webflow.sync_all_started':
      return typeof detail.queued === 'number' ? ` (${String(detail.queued)} files queued)` : ''
    default:
      return ''
  }
}

/**
 * What an event acted on, after its action's words: the files (unless the line stands in one file's own
 * history, `withFiles` false) and what its detail names, such as a move's folder or an invitee.
 */
export function actedOn(event: ActivityEvent, withFiles: boolean): string {
  return `${withFiles ? filesActedOn(event) : ''}${detailWords(event)}`
}

/** A field's value in a line: a list as its items, nothing as "nothing", an object as JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing'
  if (Array.isArray(value)) return value.length === 0 ? 'nothing' : value.map((item) => show(item)).join(', ')
  return typeof value === 'string' ? value : JSON.stringify(value)
}

type Changes = Record<string, { before: unknown; after: unknown }>

/** An edit's fields before and after, one line each, such as `title: Pier → Pier at dawn`. */
export function changeLines(event: ActivityEvent): string[] {
  const changes = event.detail.changes as Changes | undefined
  if (!changes) return []
  return Object.entries(changes).map(
    ([field, { before, after }]) => `${field}: ${show(before)} → ${show(after)}`,
  )
}
