import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { trashPageSchema, type TrashPage } from '../../../src/contract/api'
import type { MediaRecord } from '../../../src/contract/record'
import { restoreFiles } from '../../../src/features/trash/api/restore-files'
import { TRASH_ROWS_STEP } from '../../../src/features/trash/components/trash-view'
import { OPEN_FILE_WORDS } from '../../../src/features/library/file-from-server'
import { routeToFunction } from '../../support/function-router'
import { card, installBrowserGaps, renderScreen, shownTitles } from '../../support/screen-render'
import {
  errorAnswer,
  listFiles,
  seedFiles,
  seedFolder,
  server,
  setupScreenServer,
} from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

const toast = (text: string) => screen.findByText(text, { selector: '[data-title]' })

/** The toast whose title is `text`: its element, to find its action in. */
async function toastElement(text: string): Promise<HTMLElement> {
  const title = await toast(text)
  const element = title.closest<HTMLElement>('[data-sonner-toast]')
  if (!element) throw new Error(`"${text}" is not in a toast`)
  return element
}

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

async function trashedTitles(): Promise<string[]> {
  const response = await routeToFunction(new Request('http://localhost/api/trash'))
  if (!response) throw new Error('no trash function')
  return trashPageSchema.parse(await response.json()).records.map((record) => record.title)
}

/** Moves these records to the trash through the API, as another tab would. */
async function trashRecords(records: readonly MediaRecord[]) {
  for (let start = 0; start < records.length; start += 500) {
    const ids = records.slice(start, start + 500).map((record) => record.id)
    await routeToFunction(
      new Request('http://localhost/api/batch-delete', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids }),
      }),
    )
  }
}

async function deleteOne(user: User, title: string) {
  fireEvent.contextMenu(await card(title))
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
}

async function deleteSelected(user: User, ...titles: string[]) {
  for (const title of titles) {
    await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
  }
  const panel = screen.getByRole('region', { name: 'Bulk operations' })
  await user.click(within(panel).getByRole('button', { name: 'Delete' }))
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
}

/** The rows of the Trash view as their cells: title, folder, type, deleted, time left, size. */
function trashRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Files in the trash' })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(1, 7).map((cell) => cell.textContent))
}

describe('Undo after a delete', () => {
  it('offers Undo on the single delete toast, which brings back exactly that file', async () => {
    await seedFiles([{ title: 'Banner' }, { title: 'Keep' }, { title: 'Other' }])
    const { user } = renderScreen()
    await deleteOne(user, 'Other')
    await toast('"Other" deleted')
    await deleteOne(user, 'Banner')
    const deleted = await toastElement('"Banner" deleted')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Keep'])
    })

    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    expect(await toast('"Banner" restored')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Banner', 'Keep'])
    })
    expect((await listFiles()).records.map((record) => record.title)).toEqual(['Banner', 'Keep'])
    expect(await trashedTitles()).toEqual(['Other'])
  })

  it('shows the file at once, and takes it away again with an error when the restore fails', async () => {
    await seedFiles([{ title: 'Banner' }, { title: 'Keep' }])
    const hold = gate()
    server.use(
      http.post('*/api/trash/restore', async () => {
        await hold.opened
        return errorAnswer('Restore failed', 503)
      }),
    )
    const { user } = renderScreen()
    await deleteOne(user, 'Banner')
    const deleted = await toastElement('"Banner" deleted')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Keep'])
    })
    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Banner', 'Keep'])
    })
    hold.open()
    expect(await toast('Failed to restore')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Keep'])
    })
    expect(await trashedTitles()).toEqual(['Banner'])
  })

  it('offers Undo on the bulk delete toast, which restores exactly the files of that delete', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'D' }])
    const { user } = renderScreen()
    await deleteOne(user, 'D')
    await toast('"D" deleted')
    await deleteSelected(user, 'A', 'C')
    const done = await toastElement('2 files processed successfully')
    await waitFor(() => {
      expect(shownTitles()).toEqual(['B'])
    })

    await user.click(within(done).getByRole('button', { name: 'Undo' }))
    expect(await toast('2 files restored')).toBeInTheDocument()
    await waitFor(() => {
      expect(shownTitles()).toEqual(['A', 'B', 'C'])
    })
    expect(await trashedTitles()).toEqual(['D'])
  })
})

describe('the Trash view', () => {
  it('opens from the sidebar and the URL, lists the deleted files newest first, and Back returns', async () => {
    await seedFiles([
      { title: 'Old report', media_url: 'https://cdn.example.test/report.pdf', file_size: 2048 },
      { title: 'Photo', file_size: 1_048_576 },
      { title: 'Keep' },
    ])
    const { user } = renderScreen()
    await deleteOne(user, 'Old report')
    await toast('"Old report" deleted')
    await deleteOne(user, 'Photo')
    await toast('"Photo" deleted')

    const entry = screen.getByRole('button', { name: 'Trash' })
    expect(entry).not.toHaveAttribute('aria-current')
    await user.click(entry)
    expect(await screen.findByRole('heading', { name: 'Trash' })).toBeInTheDocument()
    expect(window.location.search).toBe('?trash=1')
    expect(screen.getByRole('button', { name: 'Trash' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByRole('table', { name: 'Files in the trash' })).toBeInTheDocument()
    const rows = trashRows()
    expect(rows.map(([title, , type, , , size]) => [title, type, size])).toEqual([
      ['Photo', 'image', '1 MB'],
      ['Old report', 'document', '2 KB'],
    ])
    expect(rows.every(([, , , deleted]) => deleted !== '—')).toBe(true)

    window.history.back()
    expect(await card('Keep')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Trash' })).not.toBeInTheDocument()
  })

  it('restores a file to its place in the list, and deletes another forever after a confirm', async () => {
    await seedFiles([{ title: 'Back' }, { title: 'Gone' }, { title: 'Keep' }])
    const { user } = renderScreen()
    await deleteSelected(user, 'Back', 'Gone')
    await toast('2 files processed successfully')
    await user.click(screen.getByRole('button', { name: 'Trash' }))
    await screen.findByRole('table', { name: 'Files in the trash' })

    await user.click(screen.getByRole('button', { name: 'Restore Back' }))
    expect(await toast('"Back" restored')).toBeInTheDocument()
    await waitFor(() => {
      expect(trashRows().map(([title]) => title)).toEqual(['Gone'])
    })

    await user.click(screen.getByRole('button', { name: 'Delete forever Gone' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Delete "Gone" forever? This cannot be undone.')
    await user.click(within(confirm).getByRole('button', { name: 'Delete forever' }))
    expect(await toast('"Gone" deleted forever')).toBeInTheDocument()
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument()
    expect(await trashedTitles()).toEqual([])

    await user.click(screen.getByRole('treeitem', { name: 'All files' }))
    await waitFor(() => {
      expect(shownTitles()).toEqual(['Back', 'Keep'])
    })
  })

  it('empties the trash after a confirm, and keeps it when the confirm is cancelled', async () => {
    await seedFiles([{ title: 'A' }, { title: 'B' }, { title: 'Keep' }])
    const { user } = renderScreen()
    await deleteSelected(user, 'A', 'B')
    await toast('2 files processed successfully')
    await user.click(screen.getByRole('button', { name: 'Trash' }))
    await screen.findByRole('table', { name: 'Files in the trash' })

    await user.click(screen.getByRole('button', { name: 'Empty trash' }))
    let confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Delete all 2 files in the trash forever? This cannot be undone.')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(trashRows()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Empty trash' }))
    confirm = await screen.findByRole('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: 'Empty trash' }))
    expect(await toast('2 files deleted forever')).toBeInTheDocument()
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Empty trash' })).toBeDisabled()
    expect(await trashedTitles()).toEqual([])
  })

  it("opens a file's Details from its title: what it is, how long it stays, its history; Delete forever there, and Restore, which opens it in the library", async () => {
    const records = await seedFiles([
      { title: 'Poster', description: 'The spring campaign', tags: ['campaign'] },
      { title: 'Flyer' },
      { title: 'Keep' },
    ])
    const poster = records[0]?.id ?? 0
    const { user } = renderScreen()
    await deleteSelected(user, 'Poster', 'Flyer')
    await toast('2 files processed successfully')
    await user.click(screen.getByRole('button', { name: 'Trash' }))
    const table = await screen.findByRole('table', { name: 'Files in the trash' })
    const titles = trashRows().map(([title]) => title)

    await user.click(within(table).getByRole('button', { name: 'Poster' }))
    const details = await screen.findByRole('dialog', { name: 'Poster' })
    // Kept in the address as the library's Details are.
    expect(window.location.search).toBe(`?file=${String(poster)}&trash=1`)
    expect(within(details).getByText('The spring campaign')).toBeInTheDocument()
    expect(within(details).getByText('campaign')).toBeInTheDocument()
    expect(
      within(details).getByText(
        /^In the trash since .+: \d+ days left\. Restore it to edit, move or share it\.$/,
      ),
    ).toBeInTheDocument()
    // Its history says it was put there; what acts on a file in the library is not offered.
    const history = await within(details).findByRole('region', { name: 'History' })
    expect(await within(history).findByText('moved to trash')).toBeInTheDocument()
    expect(within(details).queryByText('Share links')).not.toBeInTheDocument()
    expect(within(details).queryByRole('button', { name: /Edit|Move|Share/ })).not.toBeInTheDocument()
    // A copy may be kept before it goes for good.
    expect(within(details).getByRole('button', { name: 'Download' })).toBeInTheDocument()

    // Left and Right step through the trash in its order; Back closes Details and stays in the Trash.
    const other = titles.find((title) => title !== 'Poster') ?? ''
    await user.keyboard(titles[0] === 'Poster' ? '{ArrowRight}' : '{ArrowLeft}')
    expect(await screen.findByRole('dialog', { name: other })).toBeInTheDocument()
    act(() => {
      window.history.back()
    })
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(window.location.search).toBe('?trash=1')

    // Delete forever asks first, as from the row.
    await user.click(within(table).getByRole('button', { name: 'Flyer' }))
    const flyer = await screen.findByRole('dialog', { name: 'Flyer' })
    await user.click(within(flyer).getByRole('button', { name: 'Delete forever' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Delete "Flyer" forever? This cannot be undone.')
    await user.click(within(confirm).getByRole('button', { name: 'Delete forever' }))
    expect(await toast('"Flyer" deleted forever')).toBeInTheDocument()
    expect(trashRows().map(([title]) => title)).toEqual(['Poster'])

    // Restore puts it back and shows its Details in the library, where it can be edited.
    await user.click(within(table).getByRole('button', { name: 'Poster' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Poster' })).getByRole('button', { name: 'Restore' }),
    )
    expect(await toast('"Poster" restored')).toBeInTheDocument()
    const restored = await screen.findByRole('dialog', { name: 'Poster' })
    expect(await within(restored).findByRole('button', { name: /^Edit/ })).toBeInTheDocument()
    expect(window.location.search).toBe(`?file=${String(poster)}`)
    await user.keyboard('{Escape}')
    expect(await card('Poster')).toBeInTheDocument()
    expect(await trashedTitles()).toEqual([])
  })

  it('hands a link to a file the Trash no longer holds to the library: restored since, it opens; deleted for good, it is said', async () => {
    const [back] = await seedFiles([{ title: 'Back again' }])
    const id = String(back?.id)
    renderScreen(`/?trash=1&file=${id}`)
    const details = await screen.findByRole('dialog', { name: 'Back again' })
    expect(await within(details).findByRole('button', { name: /^Edit/ })).toBeInTheDocument()
    expect(window.location.search).toBe(`?file=${id}`)
  })

  it('says a Trash link names a file deleted for good', async () => {
    renderScreen('/?trash=1&file=404')
    expect(await screen.findByText(OPEN_FILE_WORDS.gone(404))).toBeInTheDocument()
    await waitFor(() => {
      expect(window.location.search).toBe('')
    })
  })

  it('puts a row back and reports the error when a restore fails', async () => {
    await seedFiles([{ title: 'Stuck' }])
    await routeToFunction(new Request('http://localhost/api/delete/1', { method: 'DELETE' }))
    server.use(http.post('*/api/trash/restore', () => errorAnswer('Restore failed', 503)))
    const { user } = renderScreen('/?trash=1')
    await screen.findByRole('table', { name: 'Files in the trash' })
    await user.click(screen.getByRole('button', { name: 'Restore Stuck' }))
    expect(await toast('Failed to restore')).toBeInTheDocument()
    expect(await screen.findByText('Restore failed', { selector: '[data-description]' })).toBeInTheDocument()
    expect(trashRows().map(([title]) => title)).toEqual(['Stuck'])
  })
})

describe('the Trash view, file by file', () => {
  it("shows each file's picture, its original folder, and its days left before the daily purge", async () => {
    const folder = await seedFolder('Campaigns')
    const records = await seedFiles([
      { title: 'Loose' },
      { title: 'Poster', folder_path: folder.path },
      { title: 'Late' },
    ])
    await trashRecords(records)
    const day = 86_400_000
    // The server's TRASH_PURGE_DAYS seen as 12.5, and Late deleted 12.2 days ago.
    server.use(
      http.get('*/api/trash', async ({ request }) => {
        const answer = await routeToFunction(request)
        if (!answer) throw new Error('no trash function')
        const page = (await answer.json()) as TrashPage
        const late = new Date(Date.now() - 12.2 * day).toISOString()
        return HttpResponse.json({
          ...page,
          purge_days: 12.5,
          records: page.records.map((record) =>
            record.title === 'Late' ? { ...record, deleted_at: late } : record,
          ),
        })
      }),
    )
    renderScreen('/?trash=1')
    const table = await screen.findByRole('table', { name: 'Files in the trash' })
    expect(within(table).getByRole('columnheader', { name: 'Folder' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Time left' })).toBeInTheDocument()
    const rows = trashRows()
    expect(rows.map(([title, place, , , left]) => [title, place, left]).sort()).toEqual([
      ['Late', 'Uncategorized', 'less than a day left'],
      ['Loose', 'Uncategorized', '12 days left'],
      ['Poster', '/Campaigns', '12 days left'],
    ])
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(row.querySelector('.thumbnail--compact')).not.toBeNull()
    }
    const poster = within(table).getByRole('rowheader', { name: 'Poster' }).closest('tr')
    expect(poster?.querySelector('.trash__col-left')?.getAttribute('title')).toMatch(
      /^Deleted for good after /,
    )
  })

  it('restores the checked files at once, and deletes the checked ones forever after a confirm naming the count', async () => {
    const records = await seedFiles([{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'Keep' }])
    await trashRecords(records.slice(0, 3))
    const { user } = renderScreen('/?trash=1')
    const table = await screen.findByRole('table', { name: 'Files in the trash' })
    const restoreSelected = screen.getByRole('button', { name: 'Restore selected' })
    const deleteSelected = screen.getByRole('button', { name: 'Delete forever selected' })
    expect(restoreSelected).toBeDisabled()
    expect(deleteSelected).toBeDisabled()

    await user.click(within(table).getByRole('checkbox', { name: 'Select A' }))
    // By keyboard: Space checks the focused box.
    within(table).getByRole('checkbox', { name: 'Select C' }).focus()
    await user.keyboard(' ')
    const all = within(table).getByRole('checkbox', { name: 'Select all files in the trash' })
    expect(all).toHaveAttribute('aria-checked', 'mixed')
    expect(screen.getByText('2 files checked')).toBeInTheDocument()

    await user.click(restoreSelected)
    expect(await toast('2 files restored')).toBeInTheDocument()
    await waitFor(() => {
      expect(trashRows().map(([title]) => title)).toEqual(['B'])
    })
    expect(screen.getByText('No files checked')).toBeInTheDocument()
    expect((await listFiles()).records.map((record) => record.title).sort()).toEqual(['A', 'C', 'Keep'])

    await user.click(within(table).getByRole('checkbox', { name: 'Select all files in the trash' }))
    expect(within(table).getByRole('checkbox', { name: 'Select B' })).toHaveAttribute('aria-checked', 'true')
    await user.click(deleteSelected)
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Delete the 1 selected file forever? This cannot be undone.')
    await user.click(within(confirm).getByRole('button', { name: 'Delete forever' }))
    expect(await toast('"B" deleted forever')).toBeInTheDocument()
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument()
    expect(await trashedTitles()).toEqual([])
  })

  it(`draws a large trash ${String(TRASH_ROWS_STEP)} rows at a time, its select-all and Empty trash covering every file`, async () => {
    const count = TRASH_ROWS_STEP + 30
    const records = await seedFiles(
      Array.from({ length: count }, (_, index) => ({ title: `File ${String(index)}` })),
    )
    await trashRecords(records)
    const { user } = renderScreen('/?trash=1')
    await screen.findByRole('table', { name: 'Files in the trash' })
    expect(trashRows()).toHaveLength(TRASH_ROWS_STEP)
    expect(
      screen.getByText(`Showing ${String(TRASH_ROWS_STEP)} of ${String(count)} files`),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Select all files in the trash' }))
    expect(screen.getByText(`${String(count)} files checked`)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Show 30 more' }))
    expect(trashRows()).toHaveLength(count)
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument()
  })

  it('restores more than 500 checked files in batches of 500', async () => {
    // Proven on the call the view makes: drawing 501 rows would prove nothing more, only slowly.
    const records = await seedFiles(
      Array.from({ length: 501 }, (_, index) => ({ title: `File ${String(index)}` })),
    )
    await trashRecords(records)
    const batches: number[] = []
    server.use(
      http.post('*/api/trash/restore', async ({ request }) => {
        const body = (await request.clone().json()) as { ids: number[] }
        batches.push(body.ids.length)
      }),
    )
    const answer = await restoreFiles(records.map((record) => record.id))
    expect(batches).toEqual([500, 1])
    expect({ succeeded: answer.succeeded, failed: answer.failed, results: answer.results.length }).toEqual({
      succeeded: 501,
      failed: 0,
      results: 501,
    })
    expect((await listFiles()).records).toHaveLength(501)
  })

  it('keeps what the first batch restored when the next fails as a whole, and names the rest as failed', async () => {
    const records = await seedFiles(
      Array.from({ length: 501 }, (_, index) => ({ title: `File ${String(index)}` })),
    )
    await trashRecords(records)
    let calls = 0
    server.use(
      http.post('*/api/trash/restore', () => {
        calls += 1
        if (calls === 2) return HttpResponse.json({ error: 'Storage is busy' }, { status: 503 })
        return undefined
      }),
    )
    const answer = await restoreFiles(records.map((record) => record.id))
    expect({ succeeded: answer.succeeded, failed: answer.failed }).toEqual({ succeeded: 500, failed: 1 })
    expect(answer.results.at(-1)).toEqual({ id: records[500]?.id, success: false, error: 'Storage is busy' })
    expect((await listFiles()).records).toHaveLength(500)
  })

  it('fails as a whole when the first batch does, so nothing is reported done', async () => {
    const records = await seedFiles([{ title: 'Only' }])
    await trashRecords(records)
    server.use(
      http.post('*/api/trash/restore', () =>
        HttpResponse.json({ error: 'Storage is busy' }, { status: 503 }),
      ),
    )
    await expect(restoreFiles(records.map((record) => record.id))).rejects.toThrow('Storage is busy')
  })
})
