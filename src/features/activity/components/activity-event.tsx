import type { ReactNode } from 'react'

import type { ActivityEvent } from '../../../contract/activity'
import { formatDateTime } from '../../../lib/format-date'
import {
  ACTION_LABELS,
  actedOn,
  actorLabel,
  changeLines,
  detailWords,
  filesActedOn,
  linkedFolder,
  namedFile,
} from '../model/activity-words'

/** Where a line's names lead: a file's Details, a folder's files. */
export interface ActivityLinks {
  openFile: (id: number) => void
  openFolder: (path: string) => void
  /** Whether a folder is there now: one renamed or deleted since is named, not linked. */
  isFolder: (path: string) => boolean
}

interface ActivityEventProps {
  event: ActivityEvent
  /** Whether the line names the files (not in one file's own history, which is about that file). */
  showFiles: boolean
  /** Given, the one file and the folder a line names are links. */
  links?: ActivityLinks
}

function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="link-button activity__link" onClick={onClick}>
      {children}
    </button>
  )
}

/** The files a line names, with the one file a link to its Details (not one deleted for good). */
function FilesActedOn({ event, links }: { event: ActivityEvent; links: ActivityLinks }) {
  const file = event.action === 'file.purged' ? null : namedFile(event)
  if (file === null) return filesActedOn(event)
  return (
    <>
      {file.before}{' '}
      <LinkButton
        onClick={() => {
          links.openFile(file.id)
        }}
      >
        {file.name}
      </LinkButton>
    </>
  )
}

/** What the event's detail names, with the folder there now a link to its files. */
function DetailWords({ event, links }: { event: ActivityEvent; links: ActivityLinks }) {
  const words = detailWords(event)
  const path = linkedFolder(event)
  const at = path === null || !links.isFolder(path) ? -1 : words.lastIndexOf(path)
  if (path === null || at === -1) return words
  return (
    <>
      {words.slice(0, at)}
      <LinkButton
        onClick={() => {
          links.openFolder(path)
        }}
      >
        {path}
      </LinkButton>
      {words.slice(at + path.length)}
    </>
  )
}

/** One event of the log: who, what, to what, when, and an edit's fields before and after. */
export function ActivityEventItem({ event, showFiles, links }: ActivityEventProps) {
  const lines = changeLines(event)
  return (
    <li className="activity__event">
      <div>
        <strong>{actorLabel(event.actor)}</strong> {ACTION_LABELS[event.action].toLowerCase()}
        {links === undefined ? (
          actedOn(event, showFiles)
        ) : (
          <>
            {showFiles && <FilesActedOn event={event} links={links} />}
            <DetailWords event={event} links={links} />
          </>
        )}
      </div>
      <time className="activity__when" dateTime={event.at}>
        {formatDateTime(event.at)}
      </time>
      {lines.length > 0 && (
        <ul className="activity__changes">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  )
}
