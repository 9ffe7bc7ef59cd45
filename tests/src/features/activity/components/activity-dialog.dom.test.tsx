import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'

import { appendActivity } from '../../../../../netlify/server/activity/activity-log'
import { documentStore } from '../../../../../netlify/server/store'
import { ACTIVITY_LIMITS } from '../../../../../src/contract/activity-limits'
import type { ActorSummary } from '../../../../../src/contract/actor-summary'
import { installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { seedFiles, seedFolder, server, setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)

const ADA: ActorSummary = { type: 'person', id: 'p_ada', name: 'Ada' }
const CI: ActorSummary = { type: 'token', id: 't_ci', name: 'CI deploys' }

async function openActivity() {
  const rendered = renderScreen()
  await rendered.user.click(await screen.findByRole('button', { name: 'Activity' }))
  return { ...rendered, panel: await screen.findByRole('dialog', { name: 'Activity' }) }
}

const shownEvents = (panel: HTMLElement) =>
  within(within(panel).getByRole('list', { name: 'Events' }))
    .queryAllByRole('listitem')
    .filter((item) => item.classList.contains('activity__event'))

/** The text of each event listed, once there are `count` of them. */
async function eventsShown(panel: HTMLElement, count: number): Promise<string[]> {
  await waitFor(() => {
    expect(shownEvents(panel)).toHaveLength(count)
  })
  return shownEvents(panel).map((item) => item.textContent)
}

describe('the Activity panel', () => {
  it('shows who did what newest first, an edit’s fields, and filters by actor and action', async () => {
    const start = Date.now() - 60_000
    await appendActivity(documentStore(), {
      action: 'file.created',
      file_ids: [3],
      actor: ADA,
      at: new Date(start),
      detail: { title: 'Pier' },
    })
    await appendActivity(documentStore(), {
      action: 'file.updated',
      file_ids: [3],
      actor: CI,
      at: new Date(start + 1000),
      detail: { changes: { title: { before: 'Pier', after: 'Pier at dawn' } } },
    })
    const { user, panel } = await openActivity()
    const [edit, upload] = await eventsShown(panel, 2)
    expect(edit).toContain('CI deploys (API token) edited file 3')
    expect(edit).toContain('title: Pier → Pier at dawn')
    // The file by the title the log kept of it, where it has one.
    expect(upload).toContain('Ada uploaded “Pier”')

    await user.selectOptions(within(panel).getByLabelText('Who'), 'p_ada')
    expect((await eventsShown(panel, 1))[0]).toContain('Ada uploaded “Pier”')

    await user.selectOptions(within(panel).getByLabelText('Who'), '')
    await user.selectOptions(within(panel).getByLabelText('Action'), 'file.updated')
    expect((await eventsShown(panel, 1))[0]).toContain('edited file 3')
  })

  it("opens a named file's Details from its line, and says so when the file is in the trash", async () => {
    await seedFiles([{ title: 'Pier' }, { title: 'Quay' }])
    const { user, panel: first } = await openActivity()
    await eventsShown(first, 2)
    await user.click(within(first).getByRole('button', { name: '“Pier”' }))
    expect(await screen.findByRole('dialog', { name: 'Pier' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Activity' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })

    // Opened from its line, then deleted from its Details: its line says where it went.
    await user.click(screen.getByRole('button', { name: 'Activity' }))
    const second = await screen.findByRole('dialog', { name: 'Activity' })
    await eventsShown(second, 2)
    await user.click(within(second).getByRole('button', { name: '“Quay”' }))
    const details = await screen.findByRole('dialog', { name: 'Quay' })
    await user.click(within(details).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Quay' })).not.toBeInTheDocument()
    })
    await user.click(screen.getByRole('button', { name: 'Activity' }))
    const third = await screen.findByRole('dialog', { name: 'Activity' })
    await eventsShown(third, 3)
    const [trashing] = within(third).getAllByRole('button', { name: '“Quay”' })
    await user.click(trashing as HTMLElement)
    // In the trash: its Details there say so.
    const trashed = await screen.findByRole('dialog', { name: 'Quay' })
    expect(await within(trashed).findByText(/^In the trash since /)).toBeInTheDocument()
  })

  it('opens a folder named in a line when it is there, and names one that is gone', async () => {
    await seedFolder('Archive')
    await appendActivity(documentStore(), {
      action: 'folder.created',
      file_ids: [],
      actor: ADA,
      at: new Date(Date.now() - 120_000),
      detail: { folder_path: '/Gone' },
    })
    const { user, panel } = await openActivity()
    const [made, gone] = await eventsShown(panel, 2)
    expect(made).toContain('created a folder /Archive')
    expect(gone).toContain('created a folder /Gone')
    expect(within(panel).queryByRole('button', { name: '/Gone' })).not.toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: '/Archive' }))
    await waitFor(() => {
      expect(new URLSearchParams(window.location.search).get('folder')).toBe('/Archive')
    })
    expect(screen.queryByRole('dialog', { name: 'Activity' })).not.toBeInTheDocument()
  })

  it('pages with Show more, filters by file, and says when nothing matches', async () => {
    const start = Date.now() - 3_600_000
    for (let i = 0; i <= ACTIVITY_LIMITS.pageSize; i += 1) {
      await appendActivity(documentStore(), {
        action: 'file.moved',
        file_ids: [i === 0 ? 9 : 1],
        actor: ADA,
        at: new Date(start + i * 1000),
      })
    }
    const { user, panel } = await openActivity()
    await eventsShown(panel, ACTIVITY_LIMITS.pageSize)
    await user.click(within(panel).getByRole('button', { name: 'Show more' }))
    expect((await eventsShown(panel, ACTIVITY_LIMITS.pageSize + 1)).at(-1)).toContain('Ada moved file 9')
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull()

    await user.type(within(panel).getByLabelText('File id'), '9')
    await user.click(within(panel).getByRole('button', { name: 'Show' }))
    expect(await eventsShown(panel, 1)).toEqual([expect.stringContaining('moved file 9') as unknown])
    await user.clear(within(panel).getByLabelText('File id'))
    await user.type(within(panel).getByLabelText('File id'), '77')
    await user.click(within(panel).getByRole('button', { name: 'Show' }))
    expect(await within(panel).findByText('Nothing yet.')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Export CSV' })).toBeDisabled()
  })

  it('follows the cursor past days that match little, saying it looks further back', async () => {
    const DAY = 86_400_000
    // One event a day for 40 days: more days than one call scans (SCAN_BUDGET), fewer events than a page.
    for (let day = 40; day >= 1; day -= 1) {
      await appendActivity(documentStore(), {
        action: day === 38 ? 'file.deleted' : 'file.updated',
        file_ids: [day],
        actor: ADA,
        at: new Date(Date.now() - day * DAY),
      })
    }
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get('*/api/activity', async ({ request }) => {
        if (new URL(request.url).searchParams.has('cursor')) await held
      }),
    )
    const { user, panel } = await openActivity()
    expect(await within(panel).findByText('Looking further back...')).toBeInTheDocument()
    expect(shownEvents(panel).length).toBeGreaterThan(0)
    expect(shownEvents(panel).length).toBeLessThan(40)
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull()
    release()
    expect((await eventsShown(panel, 40)).at(-1)).toContain('Ada edited file 40')
    expect(within(panel).queryByText('Looking further back...')).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull()

    await user.selectOptions(within(panel).getByLabelText('Action'), 'file.deleted')
    expect((await eventsShown(panel, 1))[0]).toContain('Ada moved to trash file 38')
    await user.selectOptions(within(panel).getByLabelText('Action'), 'file.purged')
    expect(await within(panel).findByText('Nothing yet.')).toBeInTheDocument()
    expect(within(panel).queryByText('Looking further back...')).toBeNull()
  })
})
