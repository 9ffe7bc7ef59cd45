/**
 * Every key the screen answers to, in one table: the keyboard shortcuts dialog lists it, and the
 * screen-wide handlers test keys with its `test`, so the list and what the keys do cannot drift apart.
 * Entries without `test` are handled where the focus is (the file list, the folder tree, a dialog),
 * by code that knows its own layout; they are listed here so the dialog shows them too.
 */
export interface Shortcut {
  /** The keys as shown, one alternative each ('Ctrl+A', '⌘A'). */
  keys: readonly string[]
  /** What the keys do, as a sentence fragment. */
  label: string
  test?: (event: KeyboardEvent) => boolean
}

export type ShortcutGroup = 'Anywhere' | 'Files' | 'Details' | 'Folders'

const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey

/** The screen-wide shortcuts: handled on the document, outside text fields and open dialogs. */
export const SCREEN_KEYS = {
  focusSearch: {
    keys: ['/'],
    label: 'Go to the search box',
    test: (event) => event.key === '/' && plain(event),
  },
  showShortcuts: {
    keys: ['?'],
    label: 'Show these keyboard shortcuts',
    test: (event) => event.key === '?' && plain(event),
  },
  selectAll: {
    keys: ['Ctrl+A', '⌘A'],
    label: 'Select every file shown',
    test: (event) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a',
  },
  clearSelection: {
    keys: ['Esc'],
    label: 'Clear the selection',
    test: (event) => event.key === 'Escape',
  },
  delete: {
    keys: ['Delete'],
    label: 'Delete the selected files, or the focused file',
    test: (event) => event.key === 'Delete' && plain(event),
  },
  undo: {
    keys: ['Ctrl+Z', '⌘Z'],
    label: 'Undo the last delete or move, while its message shows',
    test: (event) =>
      (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z',
  },
  rename: {
    keys: ['F2'],
    label: 'Rename the focused file (Enter saves, Esc cancels)',
    test: (event) => event.key === 'F2' && plain(event) && !event.shiftKey,
  },
} satisfies Record<string, Shortcut>

/** The whole list, as the keyboard shortcuts dialog shows it. */
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
