/** Where files can be moved: a folder path and the id batch-move takes (null is the top level). */
export interface MoveTarget {
  path: string
  folderId: number | null
}

/** A move target as a choice in a list: nested folders are indented under their parents. */
export interface MoveOption extends MoveTarget {
  label: string
  depth: number
}
