import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import {
  FileMetadataSection,
  FROM_THE_FILE,
  GPS_NOTE,
} from '../../../../../src/features/preview/components/file-metadata-section'

describe('Details: From the file', () => {
  it('shows the camera, date taken, keywords, caption, creator, copyright and the position as numbers', () => {
    render(
      <FileMetadataSection
        metadata={{
          camera_make: 'Canon',
          camera_model: 'EOS R5',
          taken_at: '2024-05-01T10:20:30',
          keywords: ['harbour', 'dawn'],
          caption: 'Boats at first light',
          creator: 'Ada Lovelace',
          copyright: '© 2024 Ada Lovelace',
          gps: { latitude: 51.5, longitude: -0.125 },
        }}
      />,
    )
    const section = screen.getByRole('region', { name: FROM_THE_FILE })
    expect(within(section).getByRole('heading', { name: FROM_THE_FILE })).toBeTruthy()
    const value = (term: string) => within(section).getByText(term).nextElementSibling?.textContent
    expect(value('Camera')).toBe('Canon EOS R5')
    expect(value('Date taken')).toBe('2024-05-01 10:20:30')
    expect(value('Keywords')).toBe('harbour, dawn')
    expect(value('Caption')).toBe('Boats at first light')
    expect(value('Creator')).toBe('Ada Lovelace')
    expect(value('Copyright')).toBe('© 2024 Ada Lovelace')
    expect(value('GPS position')).toBe(`51.500000, -0.125000${GPS_NOTE}`)
    // No map and no link: the position goes nowhere from here.
    expect(within(section).queryAllByRole('link')).toHaveLength(0)
    expect(section.querySelectorAll('a, iframe, img')).toHaveLength(0)
  })

  it('shows only what the file had, and nothing for a record without metadata', () => {
    const { container, rerender } = render(<FileMetadataSection metadata={undefined} />)
    expect(container.textContent).toBe('')
    rerender(<FileMetadataSection metadata={{ creator: 'Bob' }} />)
    const section = screen.getByRole('region', { name: FROM_THE_FILE })
    expect(within(section).queryByText('Camera')).toBeNull()
    expect(within(section).queryByText('GPS position')).toBeNull()
    expect(within(section).getByText('Bob')).toBeTruthy()
    rerender(<FileMetadataSection metadata={{ page_count: 1234 }} />)
    const pages = within(screen.getByRole('region', { name: FROM_THE_FILE })).getByText('Pages')
    expect(pages.nextElementSibling?.textContent).toBe('1,234')
    rerender(<FileMetadataSection metadata={{ orientation: 6 }} />)
    expect(screen.queryByRole('region', { name: FROM_THE_FILE })).toBeNull()
  })
})
