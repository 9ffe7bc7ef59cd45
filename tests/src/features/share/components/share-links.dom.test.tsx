import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { card, installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { seedFiles, setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)

const CLOUDINARY = 'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/banner.png'

beforeEach(() => {
  vi.stubEnv('PUBLIC_ORIGIN', 'https://media.example.com')
  // The site's own account: only its files may be shared.
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', 'demo')
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  Reflect.deleteProperty(document, 'execCommand')
})

const SHARED_URL = /^https:\/\/media\.example\.com\/api\/shared\/\d+-[\w-]{22}\/[\w-]{43}$/

describe('Details share links', () => {
  it('creates a link with the chosen expiry, lists it with its expiry, and Revoke takes it away', async () => {
    await seedFiles([{ title: 'Banner', media_url: CLOUDINARY }])
    const { user } = renderScreen()
    await user.click(within(await card('Banner')).getByRole('button', { name: /^View / }))
    const dialog = await screen.findByRole('dialog', { name: 'Banner' })
    // The section's code loads apart from the dialog's (details-dialog.tsx): it may come a moment later.
    const section = await within(dialog).findByRole('region', { name: 'Share links' })
    expect(await within(section).findByText('No active share links.')).toBeInTheDocument()

    await user.selectOptions(within(section).getByLabelText('Link expires after'), '7 days')
    await user.click(within(section).getByRole('button', { name: 'Create share link' }))
    expect(await screen.findByText('Share link copied')).toBeInTheDocument()
    const revoke = await within(section).findByRole('button', { name: /^Revoke the link that expires / })
    const listed = within(section).getAllByRole('listitem')
    expect(listed).toHaveLength(1)
    const inAWeek = new Date(Date.now() + 7 * 24 * 3_600_000)
    expect(listed[0]).toHaveTextContent(String(inAWeek.getFullYear()))

    await user.click(revoke)
    expect(await screen.findByText('Share link revoked. It no longer opens the file.')).toBeInTheDocument()
    await waitFor(() => {
      expect(within(section).getByText('No active share links.')).toBeInTheDocument()
    })
  })

  it('copies a listed link again with Copy link, for as long as it lives, and says so if the browser refuses', async () => {
    await seedFiles([{ title: 'Banner', media_url: CLOUDINARY }])
    const { user } = renderScreen()
    await user.click(within(await card('Banner')).getByRole('button', { name: /^View / }))
    const dialog = await screen.findByRole('dialog', { name: 'Banner' })
    // The section's code loads apart from the dialog's (details-dialog.tsx): it may come a moment later.
    const section = await within(dialog).findByRole('region', { name: 'Share links' })
    await user.click(await within(section).findByRole('button', { name: 'Create share link' }))
    const copy = await within(section).findByRole('button', { name: /^Copy the link that expires / })
    expect(copy).toHaveTextContent('Copy link')
    const made = await navigator.clipboard.readText()
    expect(made).toMatch(SHARED_URL)

    // Long after the first toast: something else on the clipboard.
    await navigator.clipboard.writeText('something else')
    await user.click(copy)
    await waitFor(async () => {
      expect(await navigator.clipboard.readText()).toBe(made)
    })
    expect(await screen.findAllByText('Share link copied', { selector: '[data-title]' })).toHaveLength(2)

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('refused'))
    // jsdom has no copy command; a browser refusing both ways answers false.
    Object.assign(document, { execCommand: () => false })
    await user.click(copy)
    expect(
      await screen.findByText('Could not copy the share link', { selector: '[data-title]' }),
    ).toBeInTheDocument()
  })
})
