import { screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { readEmbeddedDetails } from '../../../../src/features/upload/embedded-details'
import { IPTC, photoWith, xmpPacket, type PhotoMetadata } from '../../../support/metadata-jpeg'
import { createApiServer } from '../../../support/upload-api-server'
import {
  addFiles,
  fileRow,
  openDialog,
  renderUploadDialog,
  startButton,
} from '../../../support/upload-dialog'
import { makeFile } from '../../../support/upload-services'

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'))

const api = createApiServer()
const server = setupServer(api.handler)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
  localStorage.clear()
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
})
afterAll(() => {
  server.close()
})

/** A real JPEG carrying `metadata`, as a browser hands a chosen file over. */
async function photo(name: string, metadata: PhotoMetadata): Promise<File> {
  return new File([new Uint8Array(await photoWith(metadata))], name, { type: 'image/jpeg' })
}

const harbour = (name = 'IMG_0001.jpg') =>
  photo(name, {
    iptc: [
      [IPTC.objectName, 'Harbour at dawn'],
      [IPTC.keyword, 'harbour'],
      [IPTC.keyword, 'Zürich'],
      [IPTC.caption, 'Boats at first light'],
      [IPTC.byline, 'Ada Lovelace'],
    ],
  })

const field = (name: string) => screen.getByLabelText(name)
/** The note under a field filled in from the files, which describes the field. */
const noteOf = (element: HTMLElement) => element.getAttribute('aria-describedby')

describe('readEmbeddedDetails', () => {
  it('reads the title, caption, keywords and creator of IPTC, and of XMP alone', async () => {
    expect(await readEmbeddedDetails(await harbour())).toEqual({
      title: 'Harbour at dawn',
      description: 'Boats at first light',
      tags: ['harbour', 'Zürich'],
      author: 'Ada Lovelace',
    })
    const xmp = await photo('xmp.jpg', {
      xmp: xmpPacket({ title: 'Pier', description: 'Only XMP', creator: 'Bob', subject: ['one, two'] }),
    })
    // A comma in a keyword would split it into two tags.
    expect(await readEmbeddedDetails(xmp)).toEqual({
      title: 'Pier',
      description: 'Only XMP',
      tags: ['one two'],
      author: 'Bob',
    })
  })

  it('reads nothing from an image without metadata, a broken one, or a file that is no image', async () => {
    expect(await readEmbeddedDetails(await photo('plain.jpg', {}))).toBeNull()
    expect(await readEmbeddedDetails(makeFile('broken.jpg', 4096, 'image/jpeg'))).toBeNull()
    const text = new File(
      [new Uint8Array(await photoWith({ iptc: [[IPTC.caption, 'hidden']] }))],
      'notes.txt',
      {
        type: 'text/plain',
      },
    )
    expect(await readEmbeddedDetails(text)).toBeNull()
  })
})

describe('the Upload dialog', () => {
  it('fills the blank fields from one photo, says so, and stores them', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [await harbour()])
    const title = within(fileRow('IMG_0001.jpg')).getByLabelText('Title')
    await waitFor(() => expect(title).toHaveValue('Harbour at dawn'))
    expect(field('Description')).toHaveValue('Boats at first light')
    expect(field('Tags')).toHaveValue('harbour, Zürich')
    expect(field('Author')).toHaveValue('Ada Lovelace')
    for (const element of [title, field('Description'), field('Tags'), field('Author')]) {
      expect(document.getElementById(noteOf(element) ?? '')).toHaveTextContent('Filled from the file')
    }

    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [record] = await api.records()
    expect(record).toMatchObject({
      title: 'Harbour at dawn',
      description: 'Boats at first light',
      tags: ['harbour', 'Zürich'],
      author: 'Ada Lovelace',
    })
  })

  it('never fills over what the person typed, and each filled field can be cleared', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await user.type(field('Author'), 'Grace Hopper')
    await addFiles(user, [await harbour()])
    await waitFor(() => expect(field('Description')).toHaveValue('Boats at first light'))
    expect(field('Author')).toHaveValue('Grace Hopper')
    expect(noteOf(field('Author'))).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Clear description' }))
    expect(field('Description')).toHaveValue('')
    expect(field('Description')).toHaveFocus()
    expect(noteOf(field('Description'))).toBeNull()
    // Cleared, the field is the person's: the files do not fill it again.
    await addFiles(user, [await harbour('IMG_0002.jpg')])
    const second = within(fileRow('IMG_0002.jpg')).getByLabelText('Title')
    await waitFor(() => expect(second).toHaveValue('Harbour at dawn'))
    expect(field('Description')).toHaveValue('')

    const first = fileRow('IMG_0001.jpg')
    await user.click(within(first).getByRole('button', { name: 'Clear title' }))
    expect(within(first).getByLabelText('Title')).toHaveValue('IMG_0001')
    expect(within(first).queryByText('Filled from the file')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear tags' }))
    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const records = await api.records()
    expect(records.map((record) => record.title).sort()).toEqual(['Harbour at dawn', 'IMG_0001'])
    for (const record of records) {
      expect(record).toMatchObject({ description: '', tags: [], author: 'Grace Hopper' })
    }
  })

  it('with several files fills each title, and the shared fields only with what every file says', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    const second = await photo('IMG_0002.jpg', {
      xmp: xmpPacket({
        title: 'Nets',
        description: 'Nets drying',
        creator: 'Ada Lovelace',
        subject: ['Harbour'],
      }),
    })
    await addFiles(user, [await harbour(), second])
    await waitFor(() => expect(within(fileRow('IMG_0002.jpg')).getByLabelText('Title')).toHaveValue('Nets'))
    expect(within(fileRow('IMG_0001.jpg')).getByLabelText('Title')).toHaveValue('Harbour at dawn')
    await waitFor(() => expect(field('Author')).toHaveValue('Ada Lovelace'))
    expect(document.getElementById(noteOf(field('Author')) ?? '')).toHaveTextContent('Filled from the files')
    // The captions differ; only 'harbour' is a keyword of both.
    expect(field('Description')).toHaveValue('')
    expect(field('Tags')).toHaveValue('harbour')

    // A file without metadata joins: what was filled is no longer what every file says.
    await addFiles(user, [makeFile('notes.txt', 10, 'text/plain')])
    await waitFor(() => expect(field('Author')).toHaveValue(''))
    expect(field('Tags')).toHaveValue('')
    expect(screen.queryByText(/Filled from the files/)).not.toBeInTheDocument()
    // It leaves: they agree again.
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }))
    expect(field('Author')).toHaveValue('Ada Lovelace')
  })

  it('fills nothing from a file without metadata', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    const plain = await photo('plain.jpg', {})
    await addFiles(user, [plain])
    // The same read as the dialog's, begun after it: once it is done, so is the dialog's.
    expect(await readEmbeddedDetails(plain)).toBeNull()
    expect(within(fileRow('plain.jpg')).getByLabelText('Title')).toHaveValue('plain')
    expect(screen.queryByText(/Filled from the file/)).not.toBeInTheDocument()
  })
})
