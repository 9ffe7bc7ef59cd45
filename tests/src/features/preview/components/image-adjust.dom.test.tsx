import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import type { ImageSettings } from '../../../../../src/contract/image-settings'
import { ImageAdjust, STAGE_LABEL } from '../../../../../src/features/preview/components/image-adjust'
import { listedRecord } from '../../../../support/listed-record'

/** An 800x600 picture on this site, turned a quarter right. */
function pier(settings: ImageSettings) {
  return listedRecord(7, {
    file_type: 'image/jpeg',
    media_url: '/api/files/mabc123-0123456789abcdef/pier.jpg',
    width: 800,
    height: 600,
    ...settings,
  })
}

function stageAndPicture() {
  const stage = screen.getByRole('application', { name: STAGE_LABEL })
  const picture = stage.querySelector('img')
  if (!picture) throw new Error('No picture to adjust')
  return { stage, picture }
}

describe('ImageAdjust', () => {
  it('shows the picture turned as delivered: a 600x800 stage, the picture turned a quarter in it', () => {
    render(<ImageAdjust record={pier({ rotate: 90 })} onChange={vi.fn()} />)
    const { stage, picture } = stageAndPicture()
    expect(stage.style.aspectRatio).toBe('600 / 800')
    expect(picture.style.transform).toBe('translate(-50%, -50%) rotate(90deg)')
    // The picture's 800 px width lies along the stage's 800 px height.
    expect(picture.style.width).toBe(`${String(100 / (600 / 800))}%`)
    expect(picture.style.height).toBe('75%')
  })

  it('draws the saved crop on the turned picture, and saves one drawn there in the stored picture', () => {
    const onChange = vi.fn()
    // The stored picture's left half: turned a quarter right, the top half of what is shown.
    const record = pier({ rotate: 90, crop: { x: 0, y: 0, width: 0.5, height: 1 } })
    const { container } = render(<ImageAdjust record={record} onChange={onChange} />)
    expect(container.querySelector('.image-adjust__crop')).toHaveStyle({
      left: '0%',
      top: '0%',
      width: '100%',
      height: '50%',
    })
    expect(screen.getByRole('status')).toHaveTextContent('Cropped to 100% x 50%; turned 90° right.')

    // The turned picture is 600x800 on the screen; drag over its right half.
    const { stage, picture } = stageAndPicture()
    picture.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 400 })
    fireEvent.pointerDown(stage, { clientX: 150, clientY: 0, pointerId: 1 })
    fireEvent.pointerMove(stage, { clientX: 300, clientY: 400, pointerId: 1 })
    fireEvent.pointerUp(stage, { clientX: 300, clientY: 400, pointerId: 1 })
    // The shown right half is the stored picture's top half.
    expect(onChange).toHaveBeenLastCalledWith(record, { crop: { x: 0, y: 0, width: 1, height: 0.5 } })

    // A click a quarter across the top of the turned picture: the stored picture's left edge, three quarters down.
    fireEvent.pointerDown(stage, { clientX: 75, clientY: 0, pointerId: 1 })
    fireEvent.pointerUp(stage, { clientX: 75, clientY: 0, pointerId: 1 })
    expect(onChange).toHaveBeenLastCalledWith(record, { focal_point: { x: 0, y: 0.75 } })
  })

  it('leaves a picture that is not turned unturned', () => {
    render(<ImageAdjust record={pier({})} onChange={vi.fn()} />)
    const { stage, picture } = stageAndPicture()
    expect(stage.style.aspectRatio).toBe('800 / 600')
    expect(picture.style.transform).toBe('translate(-50%, -50%) rotate(0deg)')
  })
})
