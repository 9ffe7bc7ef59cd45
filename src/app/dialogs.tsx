import { OpenedOnce } from '../components/ui/lazy-load'
import type { MediaRecord } from '../contract/record'
import type { FileCommand, FileCommandServices } from '../features/commands'

/** The one command dialog open at a time, besides Details (which lives in the URL) and New Folder (its own). */
export type DialogState =
  | { command: null }
  /** `detail`: a hint for the dialog, such as the field that takes the focus. */
  | { command: string; targets: readonly MediaRecord[]; detail?: string }

export const NO_DIALOG: DialogState = { command: null }

interface CommandDialogsProps {
  commands: readonly FileCommand[]
  dialog: DialogState
  services: FileCommandServices
  onClose: () => void
}

/**
 * Every registered command's dialog, the open one given its files. Each loads, and fails, on its own:
 * none is drawn before it first opens, so one whose code did not arrive holds up no other.
 */
export function CommandDialogs({ commands, dialog, services, onClose }: CommandDialogsProps) {
  return (
    <>
      {commands.map(({ name, label, dialog: Dialog }) => {
        if (Dialog === undefined) return null
        const open = dialog.command === name
        return (
          <OpenedOnce key={name} open={open} region={`${label} dialog`} onClose={onClose}>
            <Dialog
              open={open}
              targets={open ? dialog.targets : []}
              detail={open ? dialog.detail : undefined}
              services={services}
              onClose={onClose}
            />
          </OpenedOnce>
        )
      })}
    </>
  )
}
