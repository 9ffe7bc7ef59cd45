import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { ZipProgressCard } from '../../../../../src/features/download/components/zip-progress'
import { ZipJob } from '../../../../../src/features/download/model/zip-job'

const MIB = 1024 * 1024

describe('ZipProgressCard', () => {
  it('shows bytes and files done on a progress bar as the archive grows', () => {
    const job = new ZipJob(3, 40 * MIB)
    render(<ZipProgressCard job={job} />)
    expect(screen.getByText('Zipping 3 files')).toBeInTheDocument()
    const bar = screen.getByRole('progressbar', { name: 'Zip progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    expect(bar).toHaveAttribute('aria-valuetext', '0 Bytes of 40 MB, 0 of 3 files')
    act(() => {
      job.update({ bytesDone: 10 * MIB, bytesTotal: 40 * MIB, filesDone: 1, filesTotal: 3 })
    })
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(bar).toHaveAttribute('aria-valuetext', '10 MB of 40 MB, 1 of 3 files')
    expect(screen.getByText('10 MB of 40 MB, 1 of 3 files')).toHaveAttribute('aria-hidden', 'true')
  })

  it('cancels the job from a real button', async () => {
    const job = new ZipJob(2, 10)
    render(<ZipProgressCard job={job} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }))
    expect(job.controller.signal.aborted).toBe(true)
  })

  it('redraws at most every 100 ms while only bytes change', () => {
    const job = new ZipJob(1, 100)
    let draws = 0
    job.subscribe(() => (draws += 1))
    for (let done = 1; done <= 50; done++)
      job.update({ bytesDone: done, bytesTotal: 100, filesDone: 0, filesTotal: 1 })
    expect(draws).toBeLessThanOrEqual(1)
    job.update({ bytesDone: 100, bytesTotal: 100, filesDone: 1, filesTotal: 1 })
    expect(draws).toBeLessThanOrEqual(2)
    expect(job.current().filesDone).toBe(1)
  })
})
