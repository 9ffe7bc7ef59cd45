import type { LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'

import type { MediaRecord } from '../../contract/record'
import type { AccessRequirement } from '../../contract/route-access'
import type { Shortcut } from '../../lib/shortcuts'

/** How a command is started: on one file (its menu, its buttons) or on the selection (the bulk panel). */
export type ActionScope = 'context' | 'bulk'

/** Where a command can show: the right-click menu, the bulk panel, a card's and list row's buttons, Details. */
export type Surface = 'context' | 'bulk' | 'card' | 'details'

/** A command's place on one surface: its position there, and a shorter label where space is tight. */
export interface Placement {
  order: number
  label?: string
  /** The surface's main button (Details' Download), styled as such. */
  primary?: boolean
  /** A line above it in a menu, setting it and what follows apart from the items before. */
  startsGroup?: boolean
}

/** What a command's dialog is given: the files it was opened on, the screen's services, and its state. */
export interface CommandDialogProps<Services> {
  /** Whether it is the dialog open now; a closed one renders nothing. */
  open: boolean
  /** The files it was opened on (none while closed). */
  targets: readonly MediaRecord[]
  /** A hint from whoever opened it, such as the field to focus ('alt_text'). */
  detail?: string
  services: Services
  onClose: () => void
}

/** A dialog that loads on intent (`lazyWithPreload`, the project's `React.lazy`): `preload` starts it early. */
export type CommandDialog<Services> = ComponentType<CommandDialogProps<Services>> & { preload?: () => void }

/**
 * A user command on files, one module under its feature (`src/features/<feature>/commands/<name>.ts`),
 * listed once in the screen's registry: the menus, the bulk panel, a card's buttons, Details, the
 * keyboard handler and the keyboard shortcuts dialog all read it from there. `Services` is what the
 * screen gives commands (`FileCommandServices`).
 */
export interface Command<Services> {
  name: string
  /** The spec's label. */
  label: string
  icon: LucideIcon
  /** Where the command shows, and its place there; a surface not named does not show it. */
  shows: Partial<Record<Surface, Placement>>
  /** The key that runs it, tested on a keydown outside text fields and dialogs, and listed in the help. */
  shortcut?: Shortcut
  /**
   * What it applies to from the keyboard: the selection, else the focused file (the default); or
   * 'one', the focused file, else the only selected file (for commands on a single file, such as rename).
   * From a surface, it applies to what that surface holds: one file, or the selection on the bulk panel.
   */
  keyTargets?: 'selection' | 'one'
  /** Destructive commands are styled and placed apart. */
  danger?: boolean
  /** It puts focus in a field of its own (rename in place): a menu closing must not take it back. */
  keepsFocus?: boolean
  /**
   * What its call needs of the caller's role (`requirementOfRoute` of the route it calls, from the
   * server's own table); a browser whose role does not meet it is not offered the command. By default,
   * what viewing needs.
   */
  needs?: AccessRequirement
  /** Whether the screen offers the command at all (by default, always). */
  enabled?: (services: Services) => boolean
  /** Its dialog, if it has one, opened with `services.open(name, targets)` and rendered by the dialog host. */
  dialog?: CommandDialog<Services>
  /** What it does on the targets: its operation, or opening its dialog. */
  perform: (services: Services, targets: readonly MediaRecord[], scope: ActionScope) => void
}

/** A command bound to the screen's services, as the menus, the bulk panel, Details and the keyboard run it. */
export interface FileAction {
  name: string
  label: string
  icon: LucideIcon
  shortcut?: Shortcut
  keyTargets?: 'selection' | 'one'
  danger?: boolean
  keepsFocus?: boolean
  /** It opens a dialog of its own (Details closes first). */
  hasDialog: boolean
  /** On a menu: a line above it (its placement's `startsGroup`). */
  startsGroup?: boolean
  /** The surface's main button (its placement's `primary`). */
  primary?: boolean
  perform: (targets: readonly MediaRecord[], scope: ActionScope) => void
}

/** The first target, if any, for commands on one file. */
export function first(run: (record: MediaRecord) => void, targets: readonly MediaRecord[]) {
  const record = targets[0]
  if (record !== undefined) run(record)
}

/** The commands a surface shows, in its order, each with the label it has there. */
export function commandsOn<Services>(surface: Surface, registry: readonly Command<Services>[]) {
  return registry
    .flatMap((command) => {
      const placement = command.shows[surface]
      return placement ? [{ command, placement, label: placement.label ?? command.label }] : []
    })
    .sort((a, b) => a.placement.order - b.placement.order)
}

function bind<Services>(command: Command<Services>, services: Services, placement?: Placement): FileAction {
  const { name, icon, shortcut, keyTargets, danger, keepsFocus } = command
  return {
    name,
    label: placement?.label ?? command.label,
    icon,
    shortcut,
    keyTargets,
    danger,
    keepsFocus,
    hasDialog: command.dialog !== undefined,
    startsGroup: placement?.startsGroup,
    primary: placement?.primary,
    perform: (targets, scope) => {
      command.perform(services, targets, scope)
    },
  }
}

/**
 * The registry bound to the screen's services: `all` for the keyboard, and each surface's commands in
 * its order. Commands the services do not enable, or whose `needs` this browser may not meet (`may`,
 * src/lib/access.ts), are left out everywhere: the menus, the bulk panel, the cards, Details and keys.
 */
export function bindCommands<Services>(
  services: Services,
  registry: readonly Command<Services>[],
  may: (requirement: AccessRequirement) => boolean = () => true,
) {
  const offered = registry.filter(
    (command) => (command.enabled?.(services) ?? true) && may(command.needs ?? 'viewer'),
  )
  const shownOn = (surface: Surface) =>
    commandsOn(surface, offered).map(({ command, placement }) => bind(command, services, placement))
  return {
    all: offered.map((command) => bind(command, services)),
    context: shownOn('context'),
    bulk: shownOn('bulk'),
    card: shownOn('card'),
    details: shownOn('details'),
  }
}

export type BoundCommands = ReturnType<typeof bindCommands>
