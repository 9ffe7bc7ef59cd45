import { FolderList } from '../features/folders/components/folder-list'
import { MediaLibrary } from '../features/library/components/media-library'

export function App() {
  return (
    <div className="app">
      <header className="app__header">
        <h1>Media File Manager</h1>
        <p className="app__tagline">Upload, organize, and manage your media files</p>
      </header>
      <div className="app__body">
        <FolderList />
        <main className="app__main">
          <MediaLibrary />
        </main>
      </div>
    </div>
  )
}
