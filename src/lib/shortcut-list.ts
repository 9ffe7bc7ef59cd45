/**
 * Every key the screen answers to, as the keyboard shortcuts dialog lists it: the screen-wide keys of
 * `SCREEN_KEYS`, and the keys handled where the focus is (the file list, the folder tree, a dialog), by
 * code that knows its own layout. Apart from shortcuts.ts because only the dialog reads it, and the
 * first screen's script need not carry it.
 */
import { SCREEN_KEYS, type Shortcut } from './shortcuts'

export type ShortcutGroup = 'Anywhere' | 'Files' | 'Details' | 'Folders'

export const SHORTCUT_LIST: readonly { group: ShortcutGroup; shortcuts: readonly Shortcut[] }[] = [
  {
    group: 'Anywhere',
    shortcuts: [
      SCREEN_KEYS.focusSearch,
      SCREEN_KEYS.showShortcuts,
      { keys: ['Esc'], label: 'Close a dialog or menu' },
    ],
  },
  {
    group: 'Files',
    shortcuts: [
      { keys: ['←', '→', '↑', '↓'], label: 'Move between files' },
      { keys: ['Home', 'End'], label: 'Go to the first or last file' },
      { keys: ['Page Up', 'Page Down'], label: 'Move a page of files' },
      { keys: ['Space'], label: 'Select or deselect the focused file' },
      { keys: ['Shift+Space', 'Shift+arrows'], label: 'Select a range of files' },
      { keys: ['Enter'], label: 'Open the focused file in Details' },
      SCREEN_KEYS.rename,
      SCREEN_KEYS.selectAll,
      SCREEN_KEYS.clearSelection,
      SCREEN_KEYS.delete,
      SCREEN_KEYS.undo,
    ],
  },
  {
    group: 'Details',
    shortcuts: [{ keys: ['←', '→'], label: 'Show the file before or after' }],
  },
  {
    group: 'Folders',
    shortcuts: [
      { keys: ['↑', '↓', 'Home', 'End'], label: 'Move between folders' },
      { keys: ['→', '←'], label: 'Open or close a folder' },
      { keys: ['Enter', 'Space'], label: 'Show the folder' },
    ],
  },
]
