import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'

import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { routeToFunction } from '../../support/function-router'
import {
  bareStatus,
  errorAnswer,
  listFiles,
  seedFiles,
  server,
  setupScreenServer,
  updateStored,
} from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

/** A gate that holds a request until the test opens it, to see the screen mid-request. */
function gate() {
  const { promise, resolve } = Promise.withResolvers<undefined>()
  return {
    opened: promise,
    open: () => {
      resolve(undefined)
    },
  }
}

async function openEdit(user: ReturnType<typeof renderScreen>['user'], title: string) {
  await user.click(within(await card(title)).getByRole('button', { name: /^Edit / }))
  return screen.findByRole('dialog', { name: 'Edit File' })
}

/** Every update of a file the screen sends, each passed on to the real function. */
function watchUpdates(): Request[] {
  const sent: Request[] = []
  server.use(
    http.patch('*/api/update/:id', async ({ request }) => {
      sent.push(request.clone())
      return (await routeToFunction(request)) ?? undefined
    }),
  )
  return sent
}

describe('Edit File dialog', () => {
  it('shows the current values, saves, updates the list, closes and confirms', async () => {
    await seedFiles([{ title: 'Banner', description: 'Old', tags: ['a', 'b'], author: 'Dana' }])
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    const input = (name: string) => within(dialog).getByLabelText(name)
    expect(input('Title')).toHaveValue('Banner')
    expect(input('Description')).toHaveValue('Old')
    expect(input('Tags (comma-separated)')).toHaveValue('a, b')
    expect(input('Author')).toHaveValue('Dana')
    await user.clear(input('Title'))
    await user.type(input('Title'), 'Hero banner')
    await user.clear(input('Tags (comma-separated)'))
    await user.type(input('Tags (comma-separated)'), ' launch ,, hero ')
    await user.type(input('Station'), 'KXYZ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    const updated = await card('Hero banner')
    expect(
      within(updated)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['launch', 'hero'])
    const { records } = await listFiles()
    expect(records[0]).toMatchObject({ title: 'Hero banner', tags: ['launch', 'hero'], station: 'KXYZ' })
  })

  it('sends only the fields changed here, so what a teammate saved meanwhile in the others is kept', async () => {
    const [stored] = await seedFiles([{ title: 'Banner', description: 'Old', tags: ['a', 'b'] }])
    const sent = watchUpdates()
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await updateStored(stored?.id ?? 0, { description: 'Written by a teammate', author: 'Lee' })
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Hero banner')
    // The same tags written another way are not a change.
    await user.clear(within(dialog).getByLabelText('Tags (comma-separated)'))
    await user.type(within(dialog).getByLabelText('Tags (comma-separated)'), 'a,b ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect(await Promise.all(sent.map((request) => request.json()))).toEqual([{ title: 'Hero banner' }])
    expect((await listFiles()).records[0]).toMatchObject({
      title: 'Hero banner',
      description: 'Written by a teammate',
      author: 'Lee',
      tags: ['a', 'b'],
    })
  })

  it('says when a field changed here was saved by someone else since, and replaces it on a second Save', async () => {
    const [stored] = await seedFiles([{ title: 'Banner', description: 'Old' }])
    const sent = watchUpdates()
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await updateStored(stored?.id ?? 0, { title: 'Teammate title', description: 'Teammate text' })
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'My title')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed the title (now “Teammate title”) since you opened this file. Save again to replace it with yours, or Cancel to keep theirs.',
    )
    expect(sent).toHaveLength(0)
    // The list shows what is stored now; the form keeps what was typed.
    expect(await card('Teammate title', true)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Title')).toHaveValue('My title')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect((await listFiles()).records[0]).toMatchObject({ title: 'My title', description: 'Teammate text' })
  })

  it('reads the file again when a save elsewhere lands between its read and its update', async () => {
    const [stored] = await seedFiles([{ title: 'Banner', description: 'Old' }])
    const id = stored?.id ?? 0
    const sent = watchUpdates()
    let reads = 0
    server.use(
      http.get('*/api/media/:id', async ({ request }) => {
        const answer = await routeToFunction(request)
        // The teammate's save lands just after the first read: its version is stale by the update.
        if (++reads === 1) await updateStored(id, { description: 'Teammate text' })
        return answer ?? undefined
      }),
    )
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'My title')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    // Refused once on the stale version (412), then made on the one read again.
    expect(reads).toBe(2)
    const conditions = sent.map((request) => request.headers.get('If-Match'))
    expect(conditions).toHaveLength(2)
    expect(conditions[0]).not.toBe(conditions[1])
    expect(conditions.every((condition) => condition?.startsWith('"'))).toBe(true)
    expect((await listFiles()).records[0]).toMatchObject({ title: 'My title', description: 'Teammate text' })
  })

  it('gives up, saying why, when saves elsewhere keep landing between its reads and its updates', async () => {
    const [stored] = await seedFiles([{ title: 'Banner', description: 'Old' }])
    const id = stored?.id ?? 0
    let reads = 0
    server.use(
      http.get('*/api/media/:id', async ({ request }) => {
        const answer = await routeToFunction(request)
        await updateStored(id, { description: `Teammate text ${String(++reads)}` })
        return answer ?? undefined
      }),
    )
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'My title')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating file: the file kept changing elsewhere while it was saved. Save again to try once more.',
    )
    expect(reads).toBe(3)
    expect((await listFiles()).records[0]).toMatchObject({ title: 'Banner', description: 'Teammate text 3' })
  })

  it('saves at once when someone else saved the very value typed here', async () => {
    const [stored] = await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await updateStored(stored?.id ?? 0, { title: 'Hero' })
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Hero')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect((await listFiles()).records[0]?.title).toBe('Hero')
  })

  it('sends nothing when Cancel is pressed while the file is read before the save', async () => {
    await seedFiles([{ title: 'Banner' }])
    const hold = gate()
    const sent = watchUpdates()
    server.use(
      http.get('*/api/media/:id', async ({ request }) => {
        await hold.opened
        return (await routeToFunction(request)) ?? undefined
      }),
    )
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Renamed')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    hold.open()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(sent).toHaveLength(0)
    expect(screen.queryByText('File updated successfully!')).not.toBeInTheDocument()
    expect((await listFiles()).records[0]?.title).toBe('Banner')
  })

  it('closes without a call when nothing was changed', async () => {
    await seedFiles([{ title: 'Banner', description: 'Old' }])
    const sent = watchUpdates()
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.type(within(dialog).getByLabelText('Description'), ' more')
    await user.type(within(dialog).getByLabelText('Description'), '{Backspace>5}')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(sent).toHaveLength(0)
  })

  it('updates the list before the server answers', async () => {
    await seedFiles([{ title: 'Banner' }])
    const hold = gate()
    server.use(
      http.patch('*/api/update/:id', async ({ request }) => {
        await hold.opened
        return (await routeToFunction(request)) ?? undefined
      }),
    )
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Renamed')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await card('Renamed', true)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true')
    hold.open()
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
  })

  it('rolls back and keeps the dialog open with the server error when the save fails', async () => {
    await seedFiles([{ title: 'Banner' }])
    server.use(http.patch('*/api/update/:id', () => errorAnswer('File 1 not found', 404)))
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Renamed')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating file: File 1 not found',
    )
    expect(await card('Banner', true)).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Renamed', hidden: true })).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Renamed')
    // Said once, under the form the person is looking at: no toast repeats it.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.getAllByText('Error updating file: File 1 not found')).toHaveLength(1)
  })

  it("reads 'HTTP error! status: N' when the failure has no message", async () => {
    await seedFiles([{ title: 'Banner' }])
    server.use(http.patch('*/api/update/:id', () => bareStatus(500)))
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    await user.type(within(dialog).getByLabelText('Station'), 'KXYZ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating file: HTTP error! status: 500',
    )
  })
})

describe('Edit File dialog category', () => {
  it('chooses among the stored categories under their labels, the current one selected', async () => {
    await seedFiles([{ title: 'Banner', category: 'Images' }])
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    const category = within(dialog).getByLabelText('Category')
    expect(category.tagName).toBe('SELECT')
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Images', 'Videos', 'Documents', 'Audio', 'Other'])
    expect(category).toHaveValue('Images')
    await user.selectOptions(category, 'Videos')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect((await listFiles()).records[0]?.category).toBe('Video')
  })

  it.each([
    [
      'a custom category',
      'Press kit',
      'Press kit',
      ['Images', 'Videos', 'Documents', 'Audio', 'Other', 'Press kit'],
    ],
    [
      'another spelling of a fixed one',
      'videos',
      'Videos',
      ['Images', 'Videos', 'Documents', 'Audio', 'Other'],
    ],
  ])('keeps %s when other fields are edited', async (_, stored, shown, options) => {
    await seedFiles([{ title: 'Banner', category: stored }])
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    const category = within(dialog).getByLabelText('Category')
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(options)
    expect(category).toHaveValue(stored)
    expect(within(category).getByRole('option', { selected: true })).toHaveTextContent(shown)
    await user.type(within(dialog).getByLabelText('Station'), 'KXYZ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect((await listFiles()).records[0]).toMatchObject({ category: stored, station: 'KXYZ' })
  })
})

describe('Edit File dialog title', () => {
  it('refuses a blank title under the field and sends nothing', async () => {
    await seedFiles([{ title: 'Banner' }])
    const sent = watchUpdates()
    const { user } = renderScreen()
    const dialog = await openEdit(user, 'Banner')
    const title = within(dialog).getByLabelText('Title')
    expect(title).toHaveAttribute('aria-invalid', 'false')
    await user.clear(title)
    await user.type(title, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    const error = within(dialog).getByRole('alert')
    expect(error).toHaveTextContent('Enter a title.')
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(title).toHaveAttribute('aria-describedby', error.id)
    expect(title).toHaveFocus()
    expect(sent).toHaveLength(0)
    expect(screen.getByRole('dialog', { name: 'Edit File' })).toBeInTheDocument()
    await user.type(title, 'Hero')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(title).toHaveAttribute('aria-invalid', 'false')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect((await listFiles()).records[0]?.title).toBe('Hero')
  })
})

describe('single delete', () => {
  it('asks, then removes the file from the list and the server', async () => {
    await seedFiles([{ title: 'Banner' }, { title: 'Keep' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Banner"?')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Banner' })).not.toBeInTheDocument()
    })
    await waitFor(async () => {
      expect((await listFiles()).records.map((record) => record.title)).toEqual(['Keep'])
    })
  })

  it('keeps the file when cancelled', async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    expect(await card('Banner')).toBeInTheDocument()
    expect((await listFiles()).records).toHaveLength(1)
  })

  it("puts the file back and says 'Failed to delete file' when the delete fails", async () => {
    await seedFiles([{ title: 'Banner' }])
    const hold = gate()
    server.use(
      http.delete('*/api/delete/:id', async () => {
        await hold.opened
        return errorAnswer('Failed to delete file', 503)
      }),
    )
    const { user } = renderScreen()
    fireEvent.contextMenu(await card('Banner'))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Banner' })).not.toBeInTheDocument()
    })
    hold.open()
    expect(await screen.findByText('Failed to delete file', { selector: '[data-title]' })).toBeInTheDocument()
    expect(await card('Banner')).toBeInTheDocument()
  })
})
