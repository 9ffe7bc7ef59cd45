import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { listFiles, seedFiles, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

async function openDetails(user: User, title: string) {
  await user.click(within(await card(title)).getByRole('button', { name: /^View / }))
  return screen.findByRole('dialog', { name: title })
}

const toast = (text: string) => screen.findByText(text, { selector: '[data-title]' })

describe('alt text', () => {
  it('is edited in Edit File, saved, and shown in Details', async () => {
    await seedFiles([{ title: 'Pier', alt_text: 'A pier' }])
    const { user } = renderScreen()
    await user.click(within(await card('Pier')).getByRole('button', { name: /^Edit / }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' })
    const field = within(dialog).getByRole('textbox', { name: 'Alt text' })
    expect(field).toHaveValue('A pier')
    expect(field).toHaveAccessibleDescription('Describes the image for people who cannot see it.')
    await user.clear(field)
    await user.type(field, '  A wooden pier at dusk  ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    expect((await listFiles()).records[0]?.alt_text).toBe('A wooden pier at dusk')
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit File' })).not.toBeInTheDocument()
    })
    const details = await openDetails(user, 'Pier')
    expect(within(details).getByText('A wooden pier at dusk')).toBeInTheDocument()
    expect(within(details).queryByText('No alt text')).not.toBeInTheDocument()
  })

  it('refuses a direction control in Edit File before asking the server', async () => {
    await seedFiles([{ title: 'Pier' }])
    const { user } = renderScreen()
    await user.click(within(await card('Pier')).getByRole('button', { name: /^Edit / }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' })
    const field = within(dialog).getByRole('textbox', { name: 'Alt text' })
    await user.type(field, 'a\u202eb')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Alt text contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    expect(field).toHaveFocus()
    expect(within(dialog).queryByRole('button', { name: 'Remove it' })).not.toBeInTheDocument()
  })

  it('is flagged on the card of an image without it, and on no other card', async () => {
    await seedFiles([
      { title: 'Bare image' },
      { title: 'Described image', alt_text: 'Gulls on a rail' },
      { title: 'Report', media_url: 'https://cdn.example.test/report.pdf' },
    ])
    renderScreen()
    expect(within(await card('Bare image')).getByText('No alt text')).toBeInTheDocument()
    expect(within(await card('Described image')).queryByText('No alt text')).not.toBeInTheDocument()
    expect(within(await card('Report')).queryByText('No alt text')).not.toBeInTheDocument()
  })

  it('is offered from Details of an image without it: Edit opens on the alt text field', async () => {
    await seedFiles([
      { title: 'Pier' },
      { title: 'Report', media_url: 'https://cdn.example.test/report.pdf' },
    ])
    const { user } = renderScreen()
    const report = await openDetails(user, 'Report')
    expect(within(report).queryByText('Alt text')).not.toBeInTheDocument()
    expect(within(report).queryByRole('button', { name: 'Add alt text' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })

    const details = await openDetails(user, 'Pier')
    expect(within(details).getByText('No alt text')).toBeInTheDocument()
    await user.click(within(details).getByRole('button', { name: 'Add alt text' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' })
    const field = within(dialog).getByRole('textbox', { name: 'Alt text' })
    await waitFor(() => {
      expect(field).toHaveFocus()
    })
    expect(screen.queryByRole('dialog', { name: 'Pier' })).not.toBeInTheDocument()
    // Details has closed and given back what focus it had; the field keeps it.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(field).toHaveFocus()
    await user.keyboard('A pier in fog')
    expect(field).toHaveValue('A pier in fog')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('File updated successfully!')).toBeInTheDocument()
    await waitFor(() => {
      expect(within(screen.getByRole('article', { name: 'Pier' })).queryByText('No alt text')).toBeNull()
    })
  })

  it('is set on the chosen files by Update files, and a blank field leaves each file its own', async () => {
    await seedFiles([{ title: 'A', alt_text: 'Own text' }, { title: 'B' }, { title: 'C' }])
    const { user } = renderScreen()
    for (const title of ['B', 'C']) {
      await user.click(within(await card(title)).getByRole('checkbox', { name: `Select ${title}` }))
    }
    const panel = screen.getByRole('region', { name: 'Bulk operations' })
    await user.click(within(panel).getByRole('button', { name: 'Update' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update files' })
    await user.type(within(dialog).getByLabelText('Alt text'), ' A harbour view ')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await toast('2 files processed successfully')).toBeInTheDocument()
    expect((await listFiles()).records.map((record) => record.alt_text)).toEqual([
      'Own text',
      'A harbour view',
      'A harbour view',
    ])

    await user.click(within(await card('A')).getByRole('checkbox', { name: 'Select A' }))
    await user.click(within(panel).getByRole('button', { name: 'Update' }))
    const again = await screen.findByRole('dialog', { name: 'Update files' })
    await user.type(within(again).getByLabelText('Author'), 'Dana')
    await user.click(within(again).getByRole('button', { name: 'Update' }))
    expect(await toast('3 files processed successfully')).toBeInTheDocument()
    expect((await listFiles()).records.map((record) => [record.author, record.alt_text])).toEqual([
      ['Dana', 'Own text'],
      ['Dana', 'A harbour view'],
      ['Dana', 'A harbour view'],
    ])
  })
})
