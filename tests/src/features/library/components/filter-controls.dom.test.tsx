import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { TypeSelect } from '../../../../../src/features/library/components/filter-controls'
import { installBrowserGaps } from '../../../../support/screen-render'

beforeAll(installBrowserGaps)

const TYPES = ['video/mp4', 'image/png', 'application/pdf']

// The control's code may have loaded in an earlier file of this worker, or not: each test holds either way.
describe('the type filter', () => {
  it('names a chosen type as a person reads it once its code is there, without waiting for an idle moment', async () => {
    render(<TypeSelect value="image/png" types={TYPES} onChange={() => undefined} />)
    // Before the code, the stand-in shows the MIME type; the code is asked for at once.
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'File type' })).toHaveTextContent('PNG image')
    })
  })

  it('opens on a press listing the types present by name, and reports a choice', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<TypeSelect value={null} types={TYPES} onChange={onChange} />)
    expect(screen.getByRole('combobox', { name: 'File type' })).toHaveTextContent('All types')
    await user.click(screen.getByRole('combobox', { name: 'File type' }))
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(options).toEqual(['All types', 'PNG image', 'MP4 video', 'PDF document'])
    await user.click(screen.getByRole('option', { name: 'MP4 video' }))
    expect(onChange).toHaveBeenLastCalledWith('video/mp4')
  })
})
