import { Dialog } from '../components/ui/dialog'
import { SHORTCUT_LIST } from '../lib/shortcuts'
import './shortcuts-dialog.css'

interface ShortcutsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Every key the screen answers to, from the one table the key handlers test with. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" wide>
      <div className="shortcuts">
        {SHORTCUT_LIST.map(({ group, shortcuts }) => (
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
