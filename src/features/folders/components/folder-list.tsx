import { useFolders } from '../api/get-folders'

/** The folders as a plain outline; the tree with selection belongs to the full screen. */
export function FolderList() {
  const { data: folders, error } = useFolders()
  if (error !== undefined) return <p className="folders__note">Folders could not be loaded.</p>
  return (
    <nav aria-label="Folders" className="folders">
      <h2 className="folders__title">Folders</h2>
      <ul>
        <li>Uncategorized</li>
        {(folders ?? []).map((folder) => (
          <li key={folder.id} style={{ paddingLeft: `${String(folder.path.split('/').length - 2)}rem` }}>
            {folder.name}
          </li>
        ))}
      </ul>
    </nav>
  )
}
