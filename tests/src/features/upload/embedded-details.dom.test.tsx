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
    exif: { IFD2: { DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+02:00' } },
    iptc: [
      [IPTC.objectName, 'Harbour at dawn'],
      [IPTC.keyword, 'harbour'],
      [IPTC.keyword, 'Zürich'],
      [IPTC.caption, 'Boats at first light'],
      [IPTC.byline, 'Ada Lovelace'],
    ],
  })

/** A field of the details for every file. */
const field = (name: string) =>
  within(screen.getByRole('group', { name: 'Details for every file' })).getByLabelText(name)
/** The id of the note under a field (filled from the file, or replaced), which describes the field. */
const noteOf = (element: HTMLElement) => element.getAttribute('aria-describedby')

describe('readEmbeddedDetails', () => {
  it('reads the title, caption, keywords and creator of IPTC, and of XMP alone', async () => {
    expect(await readEmbeddedDetails(await harbour())).toEqual({
      title: 'Harbour at dawn',
      description: 'Boats at first light',
      tags: ['harbour', 'Zürich'],
      author: 'Ada Lovelace',
      date: '2024-05-01T10:20:30+02:00',
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

/** The folded details of one chosen file, unfolded. */
async function detailsOf(user: ReturnType<typeof renderUploadDialog>['user'], name: string) {
  const details = within(fileRow(name)).getByRole('group', { name: `Details of ${name}` })
  if (!details.hasAttribute('open')) await user.click(details.querySelector('summary') ?? details)
  return details
}

/** The note a field is described by (`aria-describedby`), or null. */
const describing = (element: HTMLElement) => document.getElementById(noteOf(element) ?? '')

describe('the Upload dialog', () => {
  it('fills one photo’s own fields, says so, and stores them', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    await addFiles(user, [await harbour()])
    const title = within(fileRow('IMG_0001.jpg')).getByLabelText('Title')
    await waitFor(() => expect(title).toHaveValue('Harbour at dawn'))
    // The batch's only file: its details are unfolded.
    const details = within(fileRow('IMG_0001.jpg')).getByRole('group', { name: 'Details of IMG_0001.jpg' })
    expect(details).toHaveAttribute('open')
    expect(details).toHaveTextContent('Filled from the file: description, tags, author, date')
    const own = (name: string) => within(details).getByLabelText(name)
    expect(own('Description')).toHaveValue('Boats at first light')
    expect(own('Tags')).toHaveValue('harbour, Zürich')
    expect(own('Author')).toHaveValue('Ada Lovelace')
    // 10:20:30 at +02:00, shown in the reader's own time.
    const taken = new Date('2024-05-01T08:20:30Z')
    expect(new Date(own('Date').getAttribute('value') ?? '').getTime()).toBe(taken.getTime())
    for (const element of [title, own('Description'), own('Tags'), own('Author'), own('Date')]) {
      expect(describing(element)).toHaveTextContent('Filled from the file')
    }
    // The fields for every file stay as the person left them: empty.
    expect(field('Description')).toHaveValue('')

    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const [record] = await api.records()
    expect(record).toMatchObject({
      title: 'Harbour at dawn',
      description: 'Boats at first light',
      tags: ['harbour', 'Zürich'],
      author: 'Ada Lovelace',
      created_at: taken.toISOString(),
    })
  })

  it('fills each file of a batch from its own metadata, editable per file, and a field typed for every file wins', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    const captioned = (name: string, caption: string, keyword: string, byline: string) =>
      photo(name, {
        iptc: [
          [IPTC.objectName, `Title of ${name}`],
          [IPTC.caption, caption],
          [IPTC.keyword, keyword],
          [IPTC.byline, byline],
        ],
      })
    await addFiles(user, [
      await captioned('a.jpg', 'Boats at first light', 'harbour', 'Ada'),
      await captioned('b.jpg', 'Nets drying', 'nets', 'Bob'),
      await captioned('c.jpg', 'Gulls overhead', 'gulls', 'Cy'),
    ])
    await waitFor(() =>
      expect(within(fileRow('c.jpg')).getByLabelText('Title')).toHaveValue('Title of c.jpg'),
    )
    const expected = {
      'a.jpg': ['Boats at first light', 'harbour', 'Ada'],
      'b.jpg': ['Nets drying', 'nets', 'Bob'],
      'c.jpg': ['Gulls overhead', 'gulls', 'Cy'],
    }
    for (const [name, [caption, keyword, author]] of Object.entries(expected)) {
      const details = await detailsOf(user, name)
      expect(details).toHaveTextContent('Filled from the file: description, tags, author')
      expect(within(details).getByLabelText('Description')).toHaveValue(caption)
      expect(within(details).getByLabelText('Tags')).toHaveValue(keyword)
      expect(within(details).getByLabelText('Author')).toHaveValue(author)
    }

    // One file's caption edited: the person's, no longer marked as the file's.
    const b = await detailsOf(user, 'b.jpg')
    const bDescription = within(b).getByLabelText('Description')
    await user.clear(bDescription)
    await user.type(bDescription, 'Nets drying in the sun')
    expect(noteOf(bDescription)).toBeNull()
    // One file's keywords cleared with its note's button: emptied, focused.
    const c = await detailsOf(user, 'c.jpg')
    await user.click(within(c).getByRole('button', { name: 'Clear tags' }))
    expect(within(c).getByLabelText('Tags')).toHaveValue('')
    expect(within(c).getByLabelText('Tags')).toHaveFocus()
    // An author typed for every file wins over each file's own, which says so.
    await user.type(field('Author'), 'Grace Hopper')
    const aAuthor = within(await detailsOf(user, 'a.jpg')).getByLabelText('Author')
    expect(aAuthor).toBeDisabled()
    expect(describing(aAuthor)).toHaveTextContent(
      'Every file gets the author under “Details for every file” instead.',
    )

    await user.click(startButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const records = (await api.records()).sort((one, other) => one.title.localeCompare(other.title))
    expect(
      records.map(({ title, description, tags, author }) => ({ title, description, tags, author })),
    ).toEqual([
      {
        title: 'Title of a.jpg',
        description: 'Boats at first light',
        tags: ['harbour'],
        author: 'Grace Hopper',
      },
      {
        title: 'Title of b.jpg',
        description: 'Nets drying in the sun',
        tags: ['nets'],
        author: 'Grace Hopper',
      },
      { title: 'Title of c.jpg', description: 'Gulls overhead', tags: [], author: 'Grace Hopper' },
    ])
  })

  it('fills nothing from a file without metadata', async () => {
    const { user } = renderUploadDialog()
    await openDialog(user)
    const plain = await photo('plain.jpg', {})
    await addFiles(user, [plain])
    // The same read as the dialog's, begun after it: once it is done, so is the dialog's.
    expect(await readEmbeddedDetails(plain)).toBeNull()
    expect(within(fileRow('plain.jpg')).getByLabelText('Title')).toHaveValue('plain')
    expect(fileRow('plain.jpg')).toHaveTextContent('Details of this file')
    expect(screen.queryByText(/Filled from the file/)).not.toBeInTheDocument()
  })
})
