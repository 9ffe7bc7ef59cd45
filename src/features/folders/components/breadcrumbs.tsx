import { ChevronRight } from 'lucide-react'

import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../../../contract/folder-paths'
import { ancestorsOf, folderLabel } from '../model/folder-tree'

interface BreadcrumbsProps {
  folder: string | null
  onNavigate: (path: string | null) => void
}

/** Where the view is: All files, then each folder down to the selected one. */
export function Breadcrumbs({ folder, onNavigate }: BreadcrumbsProps) {
  const trail: { path: string | null; label: string }[] = [{ path: null, label: 'All files' }]
  if (folder === ROOT_PATH) trail.push({ path: ROOT_PATH, label: ROOT_FOLDER_LABEL })
  else if (folder !== null)
    trail.push(...ancestorsOf(folder).map((path) => ({ path, label: folderLabel(path) })))
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map(({ path, label }, index) => {
          const last = index === trail.length - 1
          return (
            <li key={path ?? 'all'}>
              {index > 0 && <ChevronRight size={14} aria-hidden="true" />}
              {last ? (
                <span aria-current="page">{label}</span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    onNavigate(path)
                  }}
                >
                  {label}
                </button>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
