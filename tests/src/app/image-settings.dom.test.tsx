import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { imageVersion } from '../../../src/contract/image-settings'
import type { MediaRecord } from '../../../src/contract/record'
import { card, installBrowserGaps, renderScreen } from '../../support/screen-render'
import { listFiles, seedFiles, setupScreenServer } from '../../support/screen-server'

setupScreenServer(installBrowserGaps)

type User = ReturnType<typeof renderScreen>['user']

/** An 800x600 image on Cloudinary: delivered through /api/image once it has a setting. */
const PIER = {
  title: 'Pier',
  media_url: 'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/pier.jpg',
  width: 800,
  height: 600,
  alt_text: 'A pier at dusk',
}

async function openDetails(user: User, title: string) {
  await user.click(within(await card(title)).getByRole('button', { name: /^View / }))
  return screen.findByRole('dialog', { name: title })
}

async function stored(): Promise<MediaRecord> {
  const [record] = (await listFiles()).records
  if (!record) throw new Error('No file stored')
  return record
}

/** Gives the picture in the controls a box on the page: jsdom lays nothing out. */
function layOut(dialog: HTMLElement) {
  const picture = dialog.querySelector<HTMLImageElement>('.image-adjust__picture')
  if (!picture) throw new Error('No picture to adjust')
  picture.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 150 })
}

describe("Details' crop, rotation and focal point", () => {
  it('turn the image, crop it to a preset and reset it, saved through the update call', async () => {
    await seedFiles([PIER])
    const { user } = renderScreen()
    const details = await openDetails(user, 'Pier')
    const controls = within(details).getByRole('region', { name: 'Crop, rotate and focal point' })
    expect(within(controls).getByRole('status')).toHaveTextContent(
      'Shown as uploaded: no crop, rotation or focal point.',
    )

    await user.click(within(controls).getByRole('button', { name: 'Rotate right' }))
    await waitFor(async () => {
      expect((await stored()).rotate).toBe(90)
    })
    const record = await stored()
    await waitFor(() => {
      expect(within(controls).getByRole('status')).toHaveTextContent('Turned 90° right.')
    })
    // The preview shows the picture as delivered, at the new version.
    expect(within(details).getByRole('img', { name: 'Pier' })).toHaveAttribute(
      'src',
      `/api/image/${String(record.id)}?w=1600&h=1600&v=${imageVersion(record)}`,
    )

    // Turned, 16:9 of the delivered picture is 9:16 of the stored one: the full height, centred.
    await user.click(within(controls).getByRole('button', { name: 'Crop to 16:9' }))
    await waitFor(async () => {
      expect((await stored()).crop).toEqual({ x: 0.2891, y: 0, width: 0.4219, height: 1 })
    })
    await user.click(within(controls).getByRole('button', { name: 'Rotate left' }))
    await waitFor(async () => {
      expect(await stored()).not.toHaveProperty('rotate')
    })

    await user.click(within(controls).getByRole('button', { name: 'Reset crop, rotation and focal point' }))
    await waitFor(async () => {
      const reset = await stored()
      expect(reset).not.toHaveProperty('crop')
      expect(reset).not.toHaveProperty('focal_point')
    })
    // The saved record reaches the screen as a transition (decision 0056), just after the store has it.
    await waitFor(() => {
      expect(
        within(controls).getByRole('button', { name: 'Reset crop, rotation and focal point' }),
      ).toBeDisabled()
    })
  })

  it('set the focal point with a click or the arrow keys, and crop with a drag', async () => {
    await seedFiles([PIER])
    const { user } = renderScreen()
    const details = await openDetails(user, 'Pier')
    layOut(details)
    const stage = within(details).getByRole('application', { name: 'Focal point and crop' })
    expect(stage).toHaveAccessibleDescription(/Click to set the focal point, or drag to crop/)

    fireEvent.pointerDown(stage, { clientX: 50, clientY: 30, pointerId: 1 })
    fireEvent.pointerUp(stage, { clientX: 50, clientY: 30, pointerId: 1 })
    await waitFor(async () => {
      expect((await stored()).focal_point).toEqual({ x: 0.25, y: 0.2 })
    })
    expect(within(details).getByTestId('focal-marker')).toHaveStyle({ left: '25%', top: '20%' })
    // The keys move on from the point clicked, whether or not the saved record has reached the screen
    // yet (it arrives as a transition, decision 0056).
    stage.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}')
    expect(within(stage.parentElement ?? details).getByRole('status')).toHaveTextContent(
      'Focal point 35% from the left, 21% from the top.',
    )
    await waitFor(async () => {
      expect((await stored()).focal_point).toEqual({ x: 0.35, y: 0.21 })
    })

    fireEvent.pointerDown(stage, { clientX: 20, clientY: 15, pointerId: 1 })
    fireEvent.pointerMove(stage, { clientX: 120, clientY: 90, pointerId: 1 })
    fireEvent.pointerUp(stage, { clientX: 120, clientY: 90, pointerId: 1 })
    await waitFor(async () => {
      expect((await stored()).crop).toEqual({ x: 0.1, y: 0.1, width: 0.5, height: 0.5 })
    })
    // The card now shows the picture as delivered.
    const record = await stored()
    const picture = (await card('Pier', true)).querySelector('img')
    await waitFor(() => {
      expect(picture?.getAttribute('src')).toBe(
        `/api/image/${String(record.id)}?w=150&h=150&fit=cover&v=${imageVersion(record)}`,
      )
    })
  })

  it('are not offered for a file /api/image cannot transform', async () => {
    await seedFiles([{ title: 'Elsewhere' }])
    const { user } = renderScreen()
    const details = await openDetails(user, 'Elsewhere')
    expect(within(details).queryByRole('region', { name: 'Crop, rotate and focal point' })).toBeNull()
    expect(within(details).queryByRole('region', { name: 'Image URLs' })).toBeNull()
  })
})

describe("Details' image URLs", () => {
  it('copy the picture at a width and format, and a ready <img> with srcset, sizes and alt', async () => {
    await seedFiles([{ ...PIER, crop: { x: 0, y: 0, width: 0.5, height: 1 } }])
    const { user } = renderScreen()
    const details = await openDetails(user, 'Pier')
    const urls = within(details).getByRole('region', { name: 'Image URLs' })
    const record = await stored()
    const base = `${window.location.origin}/api/image/${String(record.id)}`
    const v = imageVersion(record)
    // Cropped to half of 800 px: 400 px wide, so only 320 is offered below the original.
    expect(
      within(within(urls).getByRole('combobox', { name: 'Width' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['320 px', 'Original (400 px)'])

    await user.selectOptions(within(urls).getByRole('combobox', { name: 'Width' }), '320')
    await user.selectOptions(within(urls).getByRole('combobox', { name: 'Format' }), 'webp')
    await user.click(within(urls).getByRole('button', { name: 'Copy image URL' }))
    expect(await screen.findByText('Image URL copied', { selector: '[data-title]' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(`${base}?w=320&fm=webp&v=${v}`)

    await user.click(within(urls).getByRole('button', { name: 'Copy <img> tag' }))
    expect(await screen.findByText('Image tag copied', { selector: '[data-title]' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(
      `<img src="${base}?w=320&amp;fm=webp&amp;v=${v}" srcset="${base}?w=320&amp;fm=webp&amp;v=${v} 320w, ${base}?fm=webp&amp;v=${v} 400w" sizes="(max-width: 320px) 100vw, 320px" alt="A pier at dusk">`,
    )
    expect(within(urls).queryByText(/The access gate is on/)).toBeNull()
  })
})
