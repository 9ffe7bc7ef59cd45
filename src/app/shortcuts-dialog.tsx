import { Dialog } from '../components/ui/dialog'
import type { FileCommand } from '../features/commands'
import { SHORTCUT_LIST } from '../lib/shortcut-list'
import { FILE_COMMANDS } from './file-commands'
import './shortcuts-dialog.css'

interface ShortcutsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The registered file commands; their keys are listed under Files. */
  commands?: readonly FileCommand[]
}

/** The table of keys, with every file command's key under Files (those the table lacks, at its end). */
export function shortcutGroups(commands: readonly FileCommand[] = FILE_COMMANDS) {
  const listed = new Set(SHORTCUT_LIST.flatMap((group) => group.shortcuts))
  const more = commands.flatMap(({ shortcut }) => (shortcut && !listed.has(shortcut) ? [shortcut] : []))
  return SHORTCUT_LIST.map((group) =>
    group.group === 'Files' ? { ...group, shortcuts: [...group.shortcuts, ...more] } : group,
  )
}

/** Every key the screen answers to, from the table and the registry the key handlers test with. */
export function ShortcutsDialog({ open, onOpenChange, commands }: ShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" wide>
      <div className="shortcuts">
        {shortcutGroups(commands).map(({ group, shortcuts }) => (
          <section key={group} className="shortcuts__group" aria-label={group}>
            <h3 className="shortcuts__heading">{group}</h3>
            <dl className="shortcuts__list">
              {shortcuts.map(({ keys, label }) => (
                <div key={label} className="shortcuts__item">
                  <dt>
                    {keys.map((key, index) => (
                      <span key={key}>
                        {index > 0 && <span className="shortcuts__or"> or </span>}
                        <kbd className="shortcuts__key">{key}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
