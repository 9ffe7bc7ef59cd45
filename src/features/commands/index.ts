/**
 * What a command is (`Command`, one module under its feature), what the screen gives commands
 * (`FileCommandServices`), and binding a registry to the surfaces. It knows no feature's commands: the
 * screen's registry (`src/app/file-commands.ts`) lists them. Other features import only this file.
 */
export {
  bindCommands,
  commandsOn,
  first,
  type ActionScope,
  type BoundCommands,
  type Command,
  type CommandDialog,
  type CommandDialogProps,
  type FileAction,
  type Placement,
  type Surface,
} from './command'
export type { FileCommand, FileCommandDialogProps, FileCommandServices } from './services'
