/**
 * The screen-wide keys, in one table: the screen-wide handlers test keys with its `test`, and the
 * keyboard shortcuts dialog lists the same entries (shortcut-list.ts), so the list and what the keys do
 * cannot drift apart.
 */
export interface Shortcut {
  /** The keys as shown, one alternative each ('Ctrl+A', '⌘A'). */
  keys: readonly string[]
  /** What the keys do, as a sentence fragment. */
  label: string
  test?: (event: KeyboardEvent) => boolean
}

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
