import { screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createApiServer } from '../../../../support/upload-api-server'
import {
  addFiles,
  fileRow,
  findNotice,
  libraryRecord,
  openDialog,
  renderUploadDialog,
  startButton,
} from '../../../../support/upload-dialog'
import { makeFile, testBuiltinHost, testServices } from '../../../../support/upload-services'
import { resetConnectivity } from '../../../../../src/lib/connectivity'
import { referenceFingerprint } from '../../../../support/reference-fingerprint'

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'))

const api = createApiServer()
const server = setupServer(api.handler)

/** The file's fingerprint as records keep it (`src/contract/fingerprint.ts`). */
const sha256 = async (file: File) => referenceFingerprint(new Uint8Array(await file.arrayBuffer()))
/** The SHA-256 the server keeps for a built-in file, from its upload's status. */
async function storedSha256(mediaUrl: string | undefined): Promise<string | null> {
  const id = mediaUrl?.split('/')[3] ?? ''
  const response = await fetch(`/api/uploads/${id}`)
  return ((await response.json()) as { sha256: string | null }).sha256
}
const requestsFor = (filename: string) => api.log.filter((entry) => entry.filename === filename)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
  api.log.length = 0
  localStorage.clear()
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
  resetConnectivity()
})
afterAll(() => {
  server.close()
})

describe('choosing files', () => {
  it('keeps finalize disabled until a file is chosen', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    expect(startButton()).toBeDisabled()
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain')])
    expect(startButton()).toBeEnabled()
  })

  it('adds none of a drop that would take the batch past 10 files, with the spec alert', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(
      user,
      Array.from({ length: 11 }, (_, index) =>
        makeFile(`f${String(index)}.txt`, 10, 'text/plain', index + 1),
      ),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 10 files allowed per batch upload')
    expect(screen.queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument()

    await addFiles(
      user,
      Array.from({ length: 8 }, (_, index) => makeFile(`g${String(index)}.txt`, 10, 'text/plain', index + 1)),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await addFiles(
      user,
      Array.from({ length: 3 }, (_, index) => makeFile(`h${String(index)}.txt`, 10, 'text/plain', index + 1)),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum 10 files allowed per batch upload')
    expect(
      within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem'),
    ).toHaveLength(8)
  })

  it('refuses a file over the host limit with its reason, adding the others', async () => {
    const services = testServices()
    const { user } = renderUploadDialog({
      services: { ...services, host: { ...services.host, maxFileBytes: 1024 } },
    })
    await openDialog(user)
    await addFiles(user, [
      makeFile('big.zip', 4096, 'application/zip'),
      makeFile('small.txt', 10, 'text/plain'),
    ])
    expect(screen.getByRole('alert')).toHaveTextContent(
      '"big.zip" is 4 KB; the largest file allowed is 1 KB.',
    )
    expect(fileRow('small.txt')).toBeInTheDocument()
    expect(screen.queryByRole('listitem', { name: 'big.zip' })).not.toBeInTheDocument()
  })

  it('titles each file with its name up to the first dot, and lets the title be changed', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [
      makeFile('holiday.beach.jpg', 100, 'image/jpeg'),
      makeFile('notes.txt', 10, 'text/plain'),
    ])
    expect(within(fileRow('holiday.beach.jpg')).getByLabelText('Title')).toHaveValue('holiday')
    const notesTitle = within(fileRow('notes.txt')).getByLabelText('Title')
    await user.clear(notesTitle)
    await user.type(notesTitle, 'Meeting notes')
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const titles = (await api.records()).map((record) => record.title)
    expect(titles.sort()).toEqual(['Meeting notes', 'holiday'])
  })

  it('removes a file before the upload starts', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain'), makeFile('b.txt', 10, 'text/plain', 2)])
    await user.click(screen.getByRole('button', { name: 'Remove a.txt' }))
    expect(screen.queryByRole('listitem', { name: 'a.txt' })).not.toBeInTheDocument()
    expect(fileRow('b.txt')).toBeInTheDocument()
  })
})

describe('categories (DESIGN section 10)', () => {
  it('keeps each file in the category of its type while the shared category is untouched', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    const category = screen.getByLabelText('Category')
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['By file type', 'Images', 'Videos', 'Documents', 'Audio', 'Other'])
    expect(within(category).getByRole('option', { selected: true })).toHaveTextContent('By file type')
    expect(category).toHaveAccessibleDescription(/Each file goes under the category of its type/)
    await addFiles(user, [
      makeFile('photo.png', 100, 'image/png'),
      makeFile('clip.mp4', 100, 'video/mp4'),
      makeFile('report.pdf', 100, 'application/pdf'),
      makeFile('bundle.zip', 100, 'application/zip'),
    ])
    expect(fileRow('photo.png')).toHaveTextContent('Images')
    expect(fileRow('clip.mp4')).toHaveTextContent('Videos')
    expect(fileRow('report.pdf')).toHaveTextContent('Documents')
    // Shown by its label; stored as the spec's 'Files' (below).
    expect(fileRow('bundle.zip')).toHaveTextContent('Other')
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const categories = Object.fromEntries(
      (await api.records()).map((record) => [record.title, record.category]),
    )
    expect(categories).toEqual({ photo: 'Images', clip: 'Video', report: 'Documents', bundle: 'Files' })
  })

  it('applies a changed shared category to the whole batch', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('photo.png', 100, 'image/png'), makeFile('clip.mp4', 100, 'video/mp4')])
    await user.selectOptions(screen.getByLabelText('Category'), 'Audio')
    expect(fileRow('photo.png')).toHaveTextContent('Audio')
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Every file goes under Audio.')
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect((await api.records()).map((record) => record.category)).toEqual(['Audio', 'Audio'])
  })

  it('applies Documents when it is chosen, and the type of each file again after By file type', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('photo.png', 100, 'image/png')])
    const category = screen.getByLabelText('Category')
    await user.selectOptions(category, 'Documents')
    expect(fileRow('photo.png')).toHaveTextContent('Documents')
    await user.selectOptions(category, 'By file type')
    expect(fileRow('photo.png')).toHaveTextContent('Images')
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect((await api.records()).map((record) => record.category)).toEqual(['Images'])
  })
})

describe('uploading', () => {
  it('stores the shared metadata, the folder, the hash and what the host returned', async () => {
    await api.createFolder('Projects')
    const { user } = renderUploadDialog({ currentFolderPath: '/Projects' })
    await openDialog(user)
    const photo = makeFile('photo.png', 5000, 'image/png')
    await addFiles(user, [photo])
    const shared = within(screen.getByRole('group', { name: 'Details for every file' }))
    await user.type(shared.getByLabelText('Description'), 'Team offsite')
    await user.type(shared.getByLabelText('Tags'), 'team, offsite ,2026')
    await user.type(shared.getByLabelText('Author'), 'Dana')
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [record] = await api.records()
    expect(record).toMatchObject({
      title: 'photo',
      description: 'Team offsite',
      tags: ['team', 'offsite', '2026'],
      author: 'Dana',
      folder_path: '/Projects',
      file_type: 'image/png',
      file_size: 5000,
      resource_type: 'image',
      format: 'png',
      width: 640,
      height: 480,
      thumbnail: null,
      sha256: await sha256(photo),
    })
    expect(record?.media_url).toMatch(/^\/api\/files\/[^/]+\/photo\.png$/)
    // The fingerprint goes with the record; the built-in host computes its own and is not told one.
    expect(requestsFor('photo.png')[0]?.metadata).not.toHaveProperty('sha256')
    // The record keeps the SHA-256 the server holds for the stored file, not what the screen claimed.
    expect(record?.sha256).toBe(await storedSha256(record?.media_url))
  })

  it('stores a rendered thumbnail for a PDF beside the file, through the same host', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('report.pdf', 3000, 'application/pdf')])
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [record] = await api.records()
    expect(record?.thumbnail).toMatch(/^\/api\/files\/[^/]+\/report-thumbnail\.jpg$/)
    expect(requestsFor('report-thumbnail.jpg')[0]?.metadata.filetype).toBe('image/jpeg')
  })

  it('says a file whose bytes are all in is being added, until the library has it', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('bundle.zip', 3000, 'application/zip')])
    await waitFor(() => expect(startButton()).toBeEnabled())
    // The bytes' request goes; the next, which makes the library's entry, is held.
    const releaseBytes = api.hold('POST')
    const releaseEntry = api.hold('POST')
    await user.click(startButton())
    releaseBytes()
    expect(await within(fileRow('bundle.zip')).findByText('100% Adding to the library…')).toBeInTheDocument()
    releaseEntry()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows each file’s progress in percent while its bytes go up', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('clip.mp4', 9 * 1024 * 1024, 'video/mp4')])
    await waitFor(() => expect(startButton()).toBeEnabled())
    // The first chunk goes with the creation request (creation-with-upload).
    const release = api.hold('POST')
    await user.click(startButton())
    const bar = await screen.findByRole('progressbar', { name: 'clip.mp4 upload progress' })
    expect(within(fileRow('clip.mp4')).getByText('0%')).toBeInTheDocument()
    // The batch's one file had its details unfolded; sending folds them under the progress.
    expect(
      within(fileRow('clip.mp4')).getByRole('group', { name: 'Details of clip.mp4' }),
    ).not.toHaveAttribute('open')
    release()
    // The first 4 MiB chunk is in: 44%.
    await waitFor(() => {
      expect(Number(bar.getAttribute('value'))).toBeGreaterThanOrEqual(44)
    })
    expect(within(fileRow('clip.mp4')).getByText(/^\d+%$/)).toHaveTextContent(
      `${String(bar.getAttribute('value'))}%`,
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closes, resets the selection, reloads the list and reports success when every file is stored', async () => {
    const { user, onUploaded } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain'), makeFile('b.txt', 20, 'text/plain', 2)])
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await findNotice('All 2 files uploaded successfully!')).toBeInTheDocument()
    expect(onUploaded).toHaveBeenCalledTimes(1)
    await openDialog(user)
    expect(screen.queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument()
    expect(startButton()).toBeDisabled()
  })
})

describe('where the files go', () => {
  const folders = [
    { path: '/', folderId: null, label: 'Uncategorized', depth: 0 },
    { path: '/Photos', folderId: 1, label: 'Photos', depth: 0 },
    { path: '/Photos/2024', folderId: 2, label: '2024', depth: 1 },
  ]
  // The folder list is a Radix select, which asks for what jsdom lacks.
  beforeAll(() => {
    Element.prototype.hasPointerCapture = vi.fn(() => false)
    Element.prototype.releasePointerCapture = vi.fn()
    Element.prototype.setPointerCapture = vi.fn()
    Element.prototype.scrollIntoView = vi.fn()
  })

  it('names the folder shown as the destination, and stores the files in another one picked', async () => {
    for (const [name, parent_path] of [
      ['Photos', '/'],
      ['2024', '/Photos'],
    ]) {
      const created = await fetch('/api/folder-create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, parent_path }),
      })
      expect(created.status).toBe(201)
    }
    const { user } = renderUploadDialog({ currentFolderPath: '/Photos', folderOptions: folders })
    const dialog = await openDialog(user)
    const destination = within(dialog).getByRole('combobox', { name: 'Upload to' })
    expect(destination).toHaveTextContent('Photos')
    await user.click(destination)
    await user.click(await screen.findByRole('option', { name: '2024' }))
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain')])
    await user.click(startButton())
    expect(await findNotice('All 1 files uploaded successfully!')).toBeInTheDocument()
    expect((await api.records()).map((record) => record.folder_path)).toEqual(['/Photos/2024'])
  })

  it('says the success only once the list has reloaded, so the new files are in view', async () => {
    let reloaded: () => void = () => undefined
    const onUploaded = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          reloaded = resolve
        }),
    )
    const { user } = renderUploadDialog({ onUploaded })
    await openDialog(user)
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain'), makeFile('b.txt', 20, 'text/plain', 2)])
    await user.click(startButton())
    await waitFor(() => {
      expect(onUploaded).toHaveBeenCalledTimes(1)
    })
    expect(screen.getByRole('dialog', { name: 'Upload Files' })).toBeInTheDocument()
    expect(screen.queryByText('All 2 files uploaded successfully!')).not.toBeInTheDocument()
    reloaded()
    expect(await findNotice('All 2 files uploaded successfully!')).toBeInTheDocument()
  })
})

describe('failures', () => {
  it('shows a file waiting for a server that does not answer, keeping its progress, and finishes once it is back', async () => {
    const { user, onUploaded } = renderUploadDialog({
      services: testServices({ host: testBuiltinHost([0], 60_000) }),
    })
    await openDialog(user)
    // The creation and its quick retry get no answer, nor do the first two looks at the server.
    api.fail({
      method: 'POST',
      match: (entry) => entry.path === '/api/uploads',
      respond: 'network',
      times: 2,
    })
    api.fail({ method: 'GET', match: (entry) => entry.path === '/api/access', respond: 'network', times: 2 })
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain')])
    await user.click(startButton())
    expect(await within(fileRow('a.txt')).findByText('Waiting for the server…')).toBeInTheDocument()
    expect(within(fileRow('a.txt')).getByRole('progressbar')).toBeInTheDocument()
    expect(
      screen.getByText('1 file is waiting for the server; it goes on by itself once the server answers.'),
    ).toBeInTheDocument()
    expect(within(fileRow('a.txt')).queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 20_000 })
    expect(await findNotice('All 1 files uploaded successfully!')).toBeInTheDocument()
    expect(onUploaded).toHaveBeenCalledTimes(1)
    expect((await api.records()).map((record) => record.title)).toEqual(['a'])
  }, 40_000)

  it('says what the server refused while the file is sent again, then finishes', async () => {
    // Sent again after 2 s: the words are checked while the retry waits.
    const { user } = renderUploadDialog({ services: testServices({ host: testBuiltinHost([2000], 60_000) }) })
    await openDialog(user)
    api.fail({ method: 'POST', match: (entry) => entry.path === '/api/uploads', respond: { status: 500 } })
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain')])
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    await user.click(startButton())
    const retrying = await within(fileRow('a.txt')).findByText(/The server answered 500; trying again…/)
    // Brought into sight: on a phone the row sits above the details for every file and the button.
    await waitFor(() => {
      expect(scrolled.mock.contexts).toContain(retrying)
    })
    scrolled.mockRestore()
    // Read out too, as the row's words beside its progress are not.
    expect(screen.getByText('The server refused 1 file; it is sent again by itself.')).toHaveAttribute(
      'role',
      'status',
    )
    expect(within(fileRow('a.txt')).queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 })
    expect(await findNotice('All 1 files uploaded successfully!')).toBeInTheDocument()
  }, 30_000)

  it('reports a partial failure, keeps the failed file, and retries it on its own', async () => {
    const { user, onUploaded } = renderUploadDialog()
    await openDialog(user)
    api.fail({ method: 'POST', match: (entry) => entry.filename === 'bad.txt', respond: { status: 403 } })
    await addFiles(user, [makeFile('good.txt', 10, 'text/plain'), makeFile('bad.txt', 10, 'text/plain', 2)])
    await user.click(startButton())

    expect(
      await screen.findByText('Upload complete! 1 files uploaded successfully, 1 failed.'),
    ).toBeInTheDocument()
    expect(within(fileRow('bad.txt')).getByRole('alert')).toHaveTextContent('Upload failed with status: 403')
    expect(fileRow('good.txt')).toHaveTextContent('Uploaded')
    expect(onUploaded).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    api.log.length = 0
    await user.click(within(fileRow('bad.txt')).getByRole('button', { name: 'Retry bad.txt' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await findNotice('All 1 files uploaded successfully!')).toBeInTheDocument()
    expect(api.log.filter((entry) => entry.method === 'POST' && entry.path === '/api/uploads')).toHaveLength(
      1,
    )
    expect(requestsFor('good.txt')).toEqual([])
    expect(onUploaded).toHaveBeenCalledTimes(2)
    expect((await api.records()).map((record) => record.title).sort()).toEqual(['bad', 'good'])
  })

  it('reports a batch where every file failed as a total failure', async () => {
    const { user, onUploaded } = renderUploadDialog()
    await openDialog(user)
    api.fail({
      method: 'POST',
      match: (entry) => entry.path === '/api/uploads',
      respond: 'network',
      times: 2,
    })
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain'), makeFile('b.txt', 10, 'text/plain', 2)])
    await user.click(startButton())
    expect(await screen.findByText('Upload failed: Network error during upload')).toBeInTheDocument()
    expect(within(fileRow('a.txt')).getByRole('alert')).toHaveTextContent('Network error during upload')
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('reports a failed save of the record in the spec words', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    api.fail({
      method: 'POST',
      match: (entry) => entry.path === '/api/upload',
      respond: { status: 503, body: { success: false, error: 'Save failed' } },
    })
    await addFiles(user, [makeFile('a.txt', 10, 'text/plain')])
    await user.click(startButton())
    expect(await screen.findByText('Upload failed: Backend API error: 503 - Save failed')).toBeInTheDocument()
    expect(within(fileRow('a.txt')).getByRole('alert')).toHaveTextContent(
      'Backend API error: 503 - Save failed',
    )
  })
})

describe('duplicates', () => {
  /** A file whose bytes the library already holds, the library's record of them, and the dialog. */
  async function libraryCopy(services = testServices()) {
    const photo = makeFile('photo.png', 4000, 'image/png', 9)
    // The library's record of the same bytes, stored on the built-in host by an earlier upload.
    const stored = await api.storeFile(makeFile('old.png', 4000, 'image/png', 9))
    const existing = libraryRecord({
      media_url: stored.secure_url,
      public_id: stored.public_id,
      resource_type: stored.resource_type,
      sha256: await sha256(photo),
    })
    const rendered = renderUploadDialog({
      findDuplicate: (fingerprint) => (fingerprint === existing.sha256 ? existing : null),
      services,
    })
    await openDialog(rendered.user)
    return { ...rendered, photo, existing }
  }

  async function chooseDuplicate() {
    const { photo, ...rendered } = await libraryCopy()
    await addFiles(rendered.user, [photo])
    const notice = await within(fileRow('photo.png')).findByRole('group', {
      name: 'photo.png is already in the library',
    })
    expect(notice).toHaveTextContent('Same file as “Old photo” already in the library.')
    return { ...rendered, photo, notice }
  }

  it('flags a file whose fingerprint is in the library and, with "Use existing", adds nothing', async () => {
    const { user, notice, onUploaded } = await chooseDuplicate()
    await user.click(within(notice).getByRole('button', { name: 'Use existing' }))
    await user.click(startButton())
    expect(await findNotice('Nothing was added: the file is already in the library.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // No bytes, no record (the library keeps its one card), and no reload.
    expect(api.log.filter((entry) => entry.path.startsWith('/api/uploads'))).toEqual([])
    expect(api.log.filter((entry) => entry.path === '/api/upload')).toEqual([])
    expect(await api.records()).toEqual([])
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('uploads the bytes again with "Upload anyway"', async () => {
    const { user, notice, existing } = await chooseDuplicate()
    await user.click(within(notice).getByRole('button', { name: 'Upload anyway' }))
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requestsFor('photo.png').map((entry) => entry.method)).toEqual(['POST'])
    const [record] = await api.records()
    expect(record?.media_url).not.toBe(existing.media_url)
    expect(record?.sha256).toBe(existing.sha256)
  })

  it('holds an undecided duplicate at finalize until the user chooses', async () => {
    const { user, notice } = await chooseDuplicate()
    await user.click(startButton())
    expect(startButton()).toHaveTextContent('Waiting for your choice…')
    expect(api.log.filter((entry) => entry.path.startsWith('/api/uploads'))).toEqual([])
    await user.click(within(notice).getByRole('button', { name: 'Use existing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await api.records()).toEqual([])
  })

  it('says when the fingerprint cannot be computed, and checks the one the server computed before adding', async () => {
    const outage = () => Promise.reject(new Error('The hash worker failed'))
    const { user, photo, onUploaded } = await libraryCopy(testServices({ hashFile: outage }))
    await addFiles(user, [photo])
    const row = fileRow('photo.png')
    expect(await within(row).findByRole('status')).toHaveTextContent(
      'Could not check whether this file is already in the library. It is checked once uploaded, before it is added.',
    )

    await user.click(startButton())
    // The bytes went up; the server's fingerprint names the library's file, before any record is made.
    const notice = await within(row).findByRole('group', { name: 'photo.png is already in the library' })
    expect(notice).toHaveTextContent('Same file as “Old photo” already in the library.')
    expect(requestsFor('photo.png').map((entry) => entry.method)).toEqual(['POST'])
    expect(api.log.filter((entry) => entry.path === '/api/upload')).toEqual([])

    await user.click(within(notice).getByRole('button', { name: 'Use existing' }))
    expect(await findNotice('Nothing was added: the file is already in the library.')).toBeInTheDocument()
    expect(await api.records()).toEqual([])
    expect(onUploaded).not.toHaveBeenCalled()
  })
})

describe('cancelling', () => {
  it('stops the upload, keeps nothing and empties the dialog', async () => {
    const { user, onUploaded } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [makeFile('clip.mp4', 6 * 1024 * 1024, 'video/mp4')])
    api.hold('PATCH')
    await user.click(startButton())
    await screen.findByRole('progressbar', { name: 'clip.mp4 upload progress' })
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onUploaded).not.toHaveBeenCalled()
    expect(await api.records()).toEqual([])
  })
})
