import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { GATED_NOTE, ImageUrls } from '../../../../../src/features/preview/components/image-urls'
import { reportGate, resetAccessState } from '../../../../../src/lib/access'
import { listedRecord } from '../../../../support/listed-record'

const record = listedRecord(3, {
  file_type: 'image/jpeg',
  media_url: '/api/files/mabc123-0123456789abcdef/pier.jpg',
  width: 2000,
  height: 1500,
  rotate: 90,
})

afterEach(() => {
  resetAccessState()
})

describe('ImageUrls', () => {
  it('offers the common widths below the delivered width, and the original', () => {
    render(<ImageUrls record={record} />)
    // Turned a quarter, the picture is 1500 px wide.
    expect(
      screen
        .getAllByRole('option')
        .slice(0, 5)
        .map((option) => option.textContent),
    ).toEqual(['320 px', '640 px', '1024 px', 'Original (1500 px)', 'Auto (WebP where supported)'])
    expect(screen.queryByText(GATED_NOTE)).toBeNull()
  })

  it('says plainly, with the access gate on, that visitors need a share link or a signed-in browser', () => {
    act(() => {
      reportGate(true)
    })
    render(<ImageUrls record={record} />)
    expect(screen.getByText(GATED_NOTE)).toBeInTheDocument()
  })
})
