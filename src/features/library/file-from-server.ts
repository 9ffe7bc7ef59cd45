import { toast } from '../../components/ui/toast'
import type { MediaRecord } from '../../contract/record'
import { ApiError } from '../../lib/api-call'
import { errorMessage } from '../../lib/api-errors'
import { getStoredFile } from '../../lib/stored-file'

/**
 * The server's word on a file the address names and the library does not hold (`useOpenRecord`), and
 * what the screen says of it. Loaded when first needed: most visits never ask, and the first route
 * stays within its budget without it.
 */

/** What the screen says when the address names a file it cannot open. */
export const OPEN_FILE_WORDS = {
  gone: (id: number) => `File ${String(id)} is not in the library: it was deleted for good, or never added.`,
  failed: (id: number) => `File ${String(id)} could not be opened`,
}

/** The server's answer: the file live, in the trash, not there, refused for want of a sign-in, or lost. */
type FileFromServer =
  | { kind: 'live'; record: MediaRecord }
  | { kind: 'trash' }
  | { kind: 'gone' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; error: unknown }

function askServer(id: number): Promise<FileFromServer> {
  return getStoredFile(id).then(
    ({ record }): FileFromServer =>
      record.deleted_at === undefined ? { kind: 'live', record } : { kind: 'trash' },
    (error: unknown): FileFromServer => {
      if (error instanceof ApiError && error.status === 404) return { kind: 'gone' }
      if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' }
      return { kind: 'failed', error }
    },
  )
}

/** What the screen's hook hands over for one file it could not find in the library. */
export interface OpenFromServer {
  /** Whether the screen still wants this file (the address still names it, the results unchanged). */
  wanted: () => boolean
  opened: (record: MediaRecord) => void
  /** Takes the file out of the address. */
  close: () => void
  /** Shows a file in the trash where it is: its Details in the Trash view. */
  showInTrash: (id: number) => void
  /**
   * The screen's memory of its questions: the one out or answered live (asked once however often the
   * library changes meanwhile), and the file whose failure was said (said once).
   */
  memory: ServerMemory
}

export interface ServerMemory {
  asked: { id: number; answer: Promise<FileFromServer> } | null
  failureSaid: number | null
}

/**
 * Asks the server for file `id` (once, however often the library changes while it is out), and opens
 * it, shows it in the trash where it is there, or says why not: not there, or lost on its way (said
 * once, asked again the next time; the address kept). A refusal for want of a sign-in says nothing: the
 * access gate shows, and the file opens after it.
 */
export function openFromServer(id: number, screen: OpenFromServer): void {
  const { memory } = screen
  if (memory.asked?.id !== id) memory.asked = { id, answer: askServer(id) }
  void memory.asked.answer.then((answer) => {
    if (!screen.wanted()) return
    if (answer.kind === 'live') {
      screen.opened(answer.record)
      return
    }
    memory.asked = null
    if (answer.kind === 'signed-out') return
    if (answer.kind === 'failed') {
      if (memory.failureSaid === id) return
      memory.failureSaid = id
      toast.error(OPEN_FILE_WORDS.failed(id), {
        description: errorMessage(answer.error, String(answer.error)),
      })
      return
    }
    if (answer.kind === 'trash') {
      screen.showInTrash(id)
      return
    }
    screen.close()
    toast.error(OPEN_FILE_WORDS.gone(id))
  })
}
