import type { LucideIcon } from 'lucide-react'

import type { MediaRecord } from '../contract/record'

/** Where an action is offered: the right-click menu of one file, or the bulk panel for the selection. */
export type ActionScope = 'context' | 'bulk'

export type ActionName =
  'view' | 'edit' | 'copy-link' | 'download' | 'delete' | 'move' | 'update' | 'rename' | 'replace'

/**
 * A user command on files. The bulk panel, the context menu and the keyboard shortcuts all render from
 * one list of these, so a command behaves the same wherever it is started.
 */
export interface FileAction {
  name: ActionName
  label: string
  icon: LucideIcon
  scopes: readonly ActionScope[]
  /** The keyboard shortcut, tested against a keydown outside text fields and dialogs. */
  keyTest?: (event: KeyboardEvent) => boolean
  /**
   * What the key acts on: the selection, else the focused file (the default); or 'one', the focused
   * file, else the only selected file (for commands on a single file, such as rename).
   */
  keyTargets?: 'selection' | 'one'
  /** Destructive actions are styled and placed apart. */
  danger?: boolean
  perform: (targets: readonly MediaRecord[], scope: ActionScope) => void
}
