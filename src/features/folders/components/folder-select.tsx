import { X } from 'lucide-react'

import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../../../contract/folder-paths'
import { Select, type SelectOption } from '../../../components/ui/select'
import { flattenTree, type FolderNode } from '../model/folder-tree'

interface FolderSelectProps {
  tree: readonly FolderNode[]
  /** null: every folder. */
  value: string | null
  onChange: (path: string | null) => void
}

/**
 * Spec section 2: 'Uncategorized' first, then the folders by name (nested ones under their parents).
 * With nothing chosen every folder is shown; the clear button returns there.
 */
export function FolderSelect({ tree, value, onChange }: FolderSelectProps) {
  const options: SelectOption[] = [
    { value: ROOT_PATH, label: ROOT_FOLDER_LABEL },
    ...flattenTree(tree).map(({ node, depth }) => ({ value: node.path, label: node.name, depth })),
  ]
  const known = value === null || options.some((option) => option.value === value)
  return (
    <div className="folder-select">
      <Select
        label="Folder"
        placeholder="All folders"
        value={value ?? ''}
        options={known ? options : [...options, { value, label: value }]}
        onValueChange={(path) => {
          onChange(path || null)
        }}
      />
      {value !== null && (
        <button
          type="button"
          className="icon-button"
          aria-label="Show all folders"
          onClick={() => {
            onChange(null)
          }}
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </div>
  )
}
