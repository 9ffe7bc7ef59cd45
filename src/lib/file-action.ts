import {
  Download,
  Eye,
  FileUp,
  FolderInput,
  Link,
  Pencil,
  Share2,
  Tags,
  TextCursorInput,
  Trash,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'

import type { MediaRecord } from '../contract/record'
import { SCREEN_KEYS, type Shortcut } from './shortcuts'

/** How a command is started: on one file (its menu, its buttons) or on the selection (the bulk panel). */
export type ActionScope = 'context' | 'bulk'

/** Where a command can show: the right-click menu, the bulk panel, a card's and list row's buttons, Details. */
export type Surface = 'context' | 'bulk' | 'card' | 'details'

export type ActionName =
  'view' | 'edit' | 'copy-link' | 'share' | 'download' | 'delete' | 'move' | 'update' | 'rename' | 'replace'

export type BulkDialogKind = 'bulk-move' | 'bulk-update' | 'bulk-delete'

/** What the screen does for the commands: each command's `perform` picks the one it needs. */
export interface CommandHandlers {
  view: (record: MediaRecord) => void
  edit: (record: MediaRecord) => void
  rename: (record: MediaRecord) => void
  copyLinks: (records: readonly MediaRecord[]) => void
  downloadOne: (record: MediaRecord) => void
  downloadMany: (records: readonly MediaRecord[]) => void
  confirmDelete: (record: MediaRecord) => void
  openBulk: (kind: BulkDialogKind, records: readonly MediaRecord[]) => void
  /** Opens the share link dialog for the record; without it no surface offers a share link. */
  share?: (record: MediaRecord) => void
  /** Opens Replace file for the record; without it no surface offers Replace file. */
  replace?: (record: MediaRecord) => void
}

/** A command's place on one surface: its position there, and a shorter label where space is tight. */
export interface Placement {
  order: number
  label?: string
  /** The surface's main button (Details' Download), styled as such. */
  primary?: boolean
  /** A line above it in a menu, setting it and what follows apart from the items before. */
  startsGroup?: boolean
}

/**
 * A user command on files, registered once: the menus, the bulk panel, a card's buttons, Details, the
 * keyboard handler and the keyboard shortcuts dialog all read it from the registry below.
 */
export interface FileCommand {
  name: ActionName
  label: string
  icon: LucideIcon
  /** Where the command shows, and its place there; a surface not named does not show it. */
  shows: Partial<Record<Surface, Placement>>
  /** The key that runs it, tested on a keydown outside text fields and dialogs, and listed in the help. */
  shortcut?: Shortcut
  /**
   * What the key acts on: the selection, else the focused file (the default); or 'one', the focused
   * file, else the only selected file (for commands on a single file, such as rename).
   */
  keyTargets?: 'selection' | 'one'
  /** Destructive commands are styled and placed apart. */
  danger?: boolean
  /** It puts focus in a field of its own (rename in place): a menu closing must not take it back. */
  keepsFocus?: boolean
  /** Whether the screen offers the command at all (by default, always). */
  enabled?: (on: CommandHandlers) => boolean
  perform: (on: CommandHandlers, targets: readonly MediaRecord[], scope: ActionScope) => void
}

/** A command bound to the screen's handlers, as the menu, the bulk panel and the keyboard run it. */
export interface FileAction {
  name: ActionName
  label: string
  icon: LucideIcon
  shortcut?: Shortcut
  keyTargets?: 'selection' | 'one'
  danger?: boolean
  keepsFocus?: boolean
  /** On a menu: a line above it (its placement's `startsGroup`). */
  startsGroup?: boolean
  perform: (targets: readonly MediaRecord[], scope: ActionScope) => void
}

const first = (run: (record: MediaRecord) => void, targets: readonly MediaRecord[]) => {
  const record = targets[0]
  if (record !== undefined) run(record)
}

/**
 * Every command on files. Orders: the right-click menu is spec section 2's View Details, Edit, Download,
 * Delete, then, below a line, Rename, Move to…, Copy link, Share link (expires)… and Replace file…; the bulk panel is spec
 * section 4's move, update, delete, download, then Copy link; Details ends with Delete, apart.
 */
export const FILE_COMMANDS: readonly FileCommand[] = [
  {
    name: 'view',
    label: 'View Details',
    icon: Eye,
    shows: { context: { order: 1 }, card: { order: 1, label: 'View' } },
    perform: (on, targets) => {
      first(on.view, targets)
    },
  },
  {
    name: 'edit',
    label: 'Edit',
    icon: Pencil,
    shows: { context: { order: 2 }, card: { order: 2 }, details: { order: 1 } },
    perform: (on, targets) => {
      first(on.edit, targets)
    },
  },
  {
    name: 'replace',
    label: 'Replace file…',
    icon: FileUp,
    shows: { context: { order: 9 }, details: { order: 2 } },
    enabled: (on) => on.replace !== undefined,
    perform: (on, targets) => {
      if (on.replace) first(on.replace, targets)
    },
  },
  {
    name: 'rename',
    label: 'Rename',
    icon: TextCursorInput,
    shows: { context: { order: 5, startsGroup: true } },
    keepsFocus: true,
    shortcut: SCREEN_KEYS.rename,
    keyTargets: 'one',
    perform: (on, targets) => {
      first(on.rename, targets)
    },
  },
  {
    name: 'copy-link',
    label: 'Copy link',
    icon: Link,
    shows: { context: { order: 7 }, bulk: { order: 5 }, details: { order: 3 } },
    perform: (on, targets) => {
      on.copyLinks(targets)
    },
  },
  {
    name: 'share',
    label: 'Share link (expires)…',
    icon: Share2,
    shows: { context: { order: 8 } },
    enabled: (on) => on.share !== undefined,
    perform: (on, targets) => {
      if (on.share) first(on.share, targets)
    },
  },
  {
    name: 'move',
    label: 'Move',
    icon: FolderInput,
    shows: { context: { order: 6, label: 'Move to…' }, bulk: { order: 1 } },
    perform: (on, targets) => {
      on.openBulk('bulk-move', targets)
    },
  },
  {
    name: 'update',
    label: 'Update',
    icon: Tags,
    shows: { bulk: { order: 2 } },
    perform: (on, targets) => {
      on.openBulk('bulk-update', targets)
    },
  },
  {
    name: 'download',
    label: 'Download',
    icon: Download,
    shows: {
      context: { order: 3 },
      bulk: { order: 4 },
      card: { order: 3 },
      details: { order: 4, primary: true },
    },
    perform: (on, targets, scope) => {
      if (scope === 'context') first(on.downloadOne, targets)
      else on.downloadMany(targets)
    },
  },
  {
    name: 'delete',
    label: 'Delete',
    icon: Trash,
    shows: { context: { order: 4 }, bulk: { order: 3 }, details: { order: 0 } },
    danger: true,
    shortcut: SCREEN_KEYS.delete,
    perform: (on, targets, scope) => {
      if (scope === 'context') first(on.confirmDelete, targets)
      else on.openBulk('bulk-delete', targets)
    },
  },
]

/** The commands a surface shows, in its order, each with the label it has there. */
export function commandsOn(surface: Surface, registry: readonly FileCommand[] = FILE_COMMANDS) {
  return registry
    .flatMap((command) => {
      const placement = command.shows[surface]
      return placement ? [{ command, placement, label: placement.label ?? command.label }] : []
    })
    .sort((a, b) => a.placement.order - b.placement.order)
}

function bind(command: FileCommand, on: CommandHandlers, placement?: Placement): FileAction {
  const { name, icon, shortcut, keyTargets, danger, keepsFocus } = command
  return {
    name,
    label: placement?.label ?? command.label,
    icon,
    shortcut,
    keyTargets,
    danger,
    keepsFocus,
    startsGroup: placement?.startsGroup,
    perform: (targets, scope) => {
      command.perform(on, targets, scope)
    },
  }
}

/**
 * The registry bound to the screen's handlers: `all` for the keyboard, `context` for the right-click
 * menu and `bulk` for the bulk panel, each in its surface's order. Commands the handlers do not enable
 * are left out everywhere.
 */
export function bindCommands(on: CommandHandlers, registry: readonly FileCommand[] = FILE_COMMANDS) {
  const offered = registry.filter((command) => command.enabled?.(on) ?? true)
  const shownOn = (surface: Surface) =>
    commandsOn(surface, offered).map(({ command, placement }) => bind(command, on, placement))
  return {
    all: offered.map((command) => bind(command, on)),
    context: shownOn('context'),
    bulk: shownOn('bulk'),
  }
}

/** A surface's commands for one file, each with the function that runs it there; those without one are left out. */
export function recordCommands(
  surface: Surface,
  runners: Partial<Record<ActionName, ((record: MediaRecord) => void) | undefined>>,
  registry: readonly FileCommand[] = FILE_COMMANDS,
) {
  return commandsOn(surface, registry).flatMap((entry) => {
    const run = runners[entry.command.name]
    return run ? [{ ...entry, run }] : []
  })
}
