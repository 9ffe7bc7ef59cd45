import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'

import { DENSITY_STORAGE_KEY } from '../../../../src/lib/storage-names'
import { card, installBrowserGaps, renderScreen } from '../../../support/screen-render'
import { seedFiles, setupScreenServer } from '../../../support/screen-server'

setupScreenServer(installBrowserGaps)

beforeEach(() => {
  window.localStorage.clear()
})

const densityGroup = () => screen.getByRole('group', { name: 'Card density' })

describe('the card density switch', () => {
  it('sits beside Grid and List, starts on Comfortable, and switches the cards to Compact from the keyboard', async () => {
    await seedFiles([{ title: 'Banner', description: 'Homepage hero', author: 'Dana' }])
    const { user } = renderScreen()
    const banner = await card('Banner')
    expect(banner).toHaveClass('card--comfortable')
    const comfortable = within(densityGroup()).getByRole('button', { name: 'Comfortable' })
    const compact = within(densityGroup()).getByRole('button', { name: 'Compact' })
    expect(comfortable).toHaveAttribute('aria-pressed', 'true')
    expect(compact).toHaveAttribute('aria-pressed', 'false')

    compact.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => {
      expect(screen.getByRole('article', { name: 'Banner' })).toHaveClass('card--compact')
    })
    expect(compact).toHaveAttribute('aria-pressed', 'true')
    expect(within(screen.getByRole('article', { name: 'Banner' })).queryByText('By: Dana')).toBeNull()

    comfortable.focus()
    await user.keyboard(' ')
    await waitFor(() => {
      expect(screen.getByRole('article', { name: 'Banner' })).toHaveClass('card--comfortable')
    })
    expect(within(screen.getByRole('article', { name: 'Banner' })).getByText('By: Dana')).toBeInTheDocument()
  })

  it('is kept for the next visit on this device, and stays out of the URL', async () => {
    await seedFiles([{ title: 'Banner' }])
    const first = renderScreen()
    await card('Banner')
    await first.user.click(within(densityGroup()).getByRole('button', { name: 'Compact' }))
    expect(window.localStorage.getItem(DENSITY_STORAGE_KEY)).toBe('compact')
    expect(window.location.search).toBe('')
    first.unmount()

    renderScreen()
    expect(await card('Banner')).toHaveClass('card--compact')
    expect(within(densityGroup()).getByRole('button', { name: 'Compact' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it('ignores a stored value it does not know', async () => {
    window.localStorage.setItem(DENSITY_STORAGE_KEY, 'cosy')
    await seedFiles([{ title: 'Banner' }])
    renderScreen()
    expect(await card('Banner')).toHaveClass('card--comfortable')
  })

  it('is shown with the grid only: the list has no cards', async () => {
    await seedFiles([{ title: 'Banner' }])
    const { user } = renderScreen()
    await card('Banner')
    await user.click(screen.getByRole('button', { name: 'List' }))
    await screen.findByRole('table')
    expect(screen.queryByRole('group', { name: 'Card density' })).toBeNull()
  })
})

describe('the search box', () => {
  it('has one clear button, ours, which empties the search and is named for assistive tech', async () => {
    await seedFiles([{ title: 'Banner' }, { title: 'Sunset' }])
    const { user } = renderScreen()
    await card('Banner')
    const box = screen.getByRole('searchbox', { name: 'Search files' })
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
    await user.type(box, 'sun')
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Banner' })).toBeNull()
    })
    expect(
      screen.getAllByRole('button', { name: /clear/i }).filter((b) => b.closest('.search')),
    ).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(box).toHaveValue('')
    expect(await card('Banner')).toBeInTheDocument()
  })
})
