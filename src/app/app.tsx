import { useMemo, useState } from 'react'

import type { MediaRecord } from '../contract/record'
import { useAccess, useCanCall } from '../lib/access'
import { useConnection } from '../lib/connectivity'
import { withRecords } from '../lib/record-changes'
import { ConnectionStatus } from '../components/ui/connection-status'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { OpenedOnce } from '../components/ui/lazy-load'
import type { ActivityLinks } from '../features/activity'
import { SignInScreen } from '../features/access'
import { BulkPanel } from '../features/bulk-actions'
import { ALT_TEXT_FIELD, editCommand, useAdjustImage } from '../features/edit-file'
import {
  Breadcrumbs,
  EmptyFolderActions,
  FolderActionsProvider,
  FoldersButton,
  FolderTiles,
} from '../features/folders'
import {
  MediaLibrary,
  MediaResults,
  narrowsResults,
  RenameContext,
  SelectionBar,
  useOpenRecord,
} from '../features/library'
import { PageDrop, UploadButton, uploadFolderFor, type PageFiles } from '../features/upload'
import { AppHeader } from './app-header'
import { CommandDialogs } from './dialogs'
import { FILE_COMMANDS } from './file-commands'
import {
  AccessGate,
  ActivityDialog,
  DetailsDialog,
  PeopleDialog,
  preloadFileDialogs,
  TokensDialog,
  WebflowDialog,
  WebhooksDialog,
} from './lazy-dialogs'
import { ShortcutsHelp } from './shortcuts-help'
import { Sidebar } from './sidebar'
import { FILES_ID, SkipLink } from './skip-link'
import { Toolbar } from './toolbar'
import { TrashPane } from './trash-pane'
import { NARROW_SCREEN, useMediaQuery } from './use-media-query'
import { useScreen } from './use-screen'
import { useSignedOut } from './use-signed-out'

export function App() {
  const screen = useScreen()
  const { filters, sort, library, commands, selectAll, setFolder } = screen
  const { media, query, selection } = library
  const { results } = query
  const folder = filters.folder
  // In the Trash view the address's file is the Trash's to show.
  const openRecord = useOpenRecord(
    results,
    screen.trash ? null : screen.openFile,
    commands.closeDetails,
    commands.showInTrash,
  )
  const refreshMedia = () => void media.cache.reload()
  const adjustImage = useAdjustImage(media.cache)
  const afterSignOut = useSignedOut(refreshMedia)
  const access = useAccess()
  const canUpload = useCanCall('upload', 'POST')
  const canEdit = useCanCall('update', 'PATCH')
  const canMove = useCanCall('batchMoveToFolder', 'POST')
  const [webflowOpen, setWebflowOpen] = useState(false)
  const [webhooksOpen, setWebhooksOpen] = useState(false)
  const [activityOpen, setActivityOpen] = useState(false)
  const [peopleOpen, setPeopleOpen] = useState(false)
  const [tokensOpen, setTokensOpen] = useState(false)
  const narrow = useMediaQuery(NARROW_SCREEN)
  const connection = useConnection()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [pageFiles, setPageFiles] = useState<PageFiles | null>(null)
  // A window widened past the drawer's width closes it: narrowed again later, it starts closed.
  if (!narrow && drawerOpen) setDrawerOpen(false)
  const { closeDetails } = commands
  // Details' buttons: a command with a dialog of its own opens it once Details has closed.
  const detailsActions = useMemo(
    () =>
      commands.actions.details.map((action) =>
        action.hasDialog
          ? {
              ...action,
              perform: (...args: Parameters<typeof action.perform>) => {
                closeDetails()
                action.perform(...args)
              },
            }
          : action,
      ),
    [commands.actions.details, closeDetails],
  )
  const folderPaths = useMemo(
    () => new Set(library.moveOptions.map((option) => option.path)),
    [library.moveOptions],
  )
  const activityLinks = useMemo<ActivityLinks>(
    () => ({ openFile: commands.openFile, openFolder: setFolder, isFolder: (path) => folderPaths.has(path) }),
    [commands.openFile, setFolder, folderPaths],
  )
  const showServerRecord = (record: MediaRecord) =>
    void media.cache.change(
      () => Promise.resolve(record),
      withRecords([record]),
      () => withRecords([record]),
    )

  // Behind the access gate, until this browser is signed in: nothing of the library, only the way in.
  // The view state stays in the address, so a session that ends comes back to the same view.
  if (access.signedOut) {
    return (
      <div className="app">
        <AppHeader onSignedOut={afterSignOut} />
        <SignInScreen />
        <ConnectionStatus onBack={refreshMedia} />
        <AccessGate onGranted={refreshMedia} />
      </div>
    )
  }

  return (
    <div className="app">
      <SkipLink />
      <AppHeader onSignedOut={afterSignOut}>
        {narrow && (
          <FoldersButton
            open={drawerOpen}
            onOpen={() => {
              setDrawerOpen(true)
            }}
          />
        )}
      </AppHeader>
      {canUpload && (
        <PageDrop
          folder={folder}
          trash={screen.trash}
          onFiles={(files) => {
            setPageFiles({ files })
          }}
        />
      )}
      <Toolbar
        searchText={screen.searchText}
        onSearchText={screen.setSearchText}
        filters={filters}
        sort={sort}
        view={screen.view}
        folderTree={library.folderTree}
        fileTypes={library.fileTypes}
        onChange={screen.changeView}
        trash={screen.trash}
        uploadSlot={
          canUpload && (
            <UploadButton
              findDuplicate={library.findDuplicate}
              currentFolderPath={uploadFolderFor(folder, screen.trash)}
              folderOptions={library.moveOptions}
              onUploaded={() => media.cache.reload()}
              incoming={pageFiles}
            />
          )
        }
      />
      <FolderActionsProvider
        fileCounts={library.fileCounts}
        cache={media.cache}
        viewed={folder}
        onNavigate={setFolder}
        onDropFiles={screen.dropFiles}
      >
        <div className="app__body">
          <Sidebar
            narrow={narrow}
            drawerOpen={drawerOpen}
            onDrawerOpenChange={setDrawerOpen}
            tree={library.folderTree}
            selected={screen.trash ? undefined : folder}
            onSelect={setFolder}
            onDropFiles={screen.dropFiles}
            trash={screen.trash}
            onOpenTrash={screen.openTrash}
            onOpenWebflow={() => {
              setWebflowOpen(true)
            }}
            onOpenWebhooks={() => {
              setWebhooksOpen(true)
            }}
            onOpenActivity={() => {
              setActivityOpen(true)
            }}
            onOpenPeople={() => {
              setPeopleOpen(true)
            }}
            onOpenTokens={() => {
              setTokensOpen(true)
            }}
          />
          {screen.trash && (
            <TrashPane
              onRestored={refreshMedia}
              details={{
                id: screen.openFile,
                open: commands.openFile,
                step: commands.showDetails,
                close: commands.closeDetails,
                restore: commands.restoreAndOpen,
                notInTrash: commands.showInLibrary,
              }}
            />
          )}
          {/* Hidden, not unmounted, behind the Trash view: the list comes back as it was left. */}
          <main
            id={screen.trash ? undefined : FILES_ID}
            className="app__main"
            tabIndex={-1}
            hidden={screen.trash}
            onPointerOver={preloadFileDialogs}
            onFocus={preloadFileDialogs}
          >
            <Breadcrumbs folder={folder} onNavigate={setFolder} />
            <MediaLibrary status={media.status} onRetry={() => void media.cache.reload()}>
              <SelectionBar
                selectedCount={selection.ids.size}
                shownCount={results.count}
                totalCount={results.total}
                progress={media.status.kind === 'ready' ? media.status.progress : null}
                stalled={
                  media.status.kind === 'ready' &&
                  (media.status.error !== undefined || connection !== 'online')
                }
                onSelectAll={selectAll}
                onClear={selection.clear}
              />
              <ErrorBoundary region="file list">
                <RenameContext.Provider value={commands.renaming}>
                  <MediaResults
                    results={results}
                    movable={canMove}
                    view={screen.view}
                    sort={sort}
                    onSort={screen.sortBy}
                    selection={selection}
                    narrowed={narrowsResults(filters)}
                    stale={query.stale}
                    arriving={library.arriving}
                    onView={commands.services.view}
                    onFilter={screen.filterBy}
                    contextActions={commands.actions.context}
                    cardActions={commands.actions.card}
                    focusRequest={commands.focusRequest}
                    tiles={
                      folder === null || narrowsResults(filters) ? null : (
                        <FolderTiles parentPath={folder} onOpen={setFolder} />
                      )
                    }
                    emptyActions={
                      <EmptyFolderActions
                        path={uploadFolderFor(folder, false)}
                        onUpload={() => {
                          setPageFiles({ files: [] })
                        }}
                      />
                    }
                  />
                </RenameContext.Provider>
              </ErrorBoundary>
            </MediaLibrary>
          </main>
        </div>
      </FolderActionsProvider>
      <BulkPanel
        count={screen.trash ? 0 : selection.ids.size}
        actions={commands.actions.bulk}
        targets={commands.selectedRecords}
        onClear={selection.clear}
      />
      {/* After the selection's panel, which on a phone it is placed above (connection-status.css). */}
      <ConnectionStatus onBack={refreshMedia} />
      <OpenedOnce open={openRecord !== null} region="Details dialog" onClose={closeDetails}>
        <DetailsDialog
          record={openRecord}
          order={results}
          onShow={commands.showDetails}
          onClose={closeDetails}
          actions={detailsActions}
          onAddAltText={
            canEdit
              ? (record) => {
                  closeDetails()
                  commands.services.open(editCommand.name, [record], ALT_TEXT_FIELD)
                }
              : undefined
          }
          onRecordChanged={showServerRecord}
          onRefresh={refreshMedia}
          onFilter={screen.filterFromDetails}
          onAdjustImage={canEdit ? adjustImage : undefined}
        />
      </OpenedOnce>
      <CommandDialogs
        commands={FILE_COMMANDS}
        dialog={commands.dialog}
        services={commands.services}
        onClose={commands.closeDialog}
      />
      <OpenedOnce
        open={webflowOpen}
        region="Webflow panel"
        onClose={() => {
          setWebflowOpen(false)
        }}
      >
        <WebflowDialog open={webflowOpen} onOpenChange={setWebflowOpen} />
      </OpenedOnce>
      <OpenedOnce
        open={webhooksOpen}
        region="Webhooks page"
        onClose={() => {
          setWebhooksOpen(false)
        }}
      >
        <WebhooksDialog open={webhooksOpen} onOpenChange={setWebhooksOpen} />
      </OpenedOnce>
      <OpenedOnce
        open={activityOpen}
        region="Activity panel"
        onClose={() => {
          setActivityOpen(false)
        }}
      >
        <ActivityDialog open={activityOpen} onOpenChange={setActivityOpen} links={activityLinks} />
      </OpenedOnce>
      <OpenedOnce
        open={peopleOpen}
        region="People page"
        onClose={() => {
          setPeopleOpen(false)
        }}
      >
        <PeopleDialog open={peopleOpen} onOpenChange={setPeopleOpen} />
      </OpenedOnce>
      <OpenedOnce
        open={tokensOpen}
        region="API tokens page"
        onClose={() => {
          setTokensOpen(false)
        }}
      >
        <TokensDialog open={tokensOpen} onOpenChange={setTokensOpen} />
      </OpenedOnce>
      <ShortcutsHelp />
      <AccessGate onGranted={refreshMedia} />
    </div>
  )
}
