import { describe, expect, it } from 'vitest'

import {
  problemSummary,
  reasonOf,
  reportText,
  type FileProblem,
} from '../../../../../src/features/download/model/download-report'
import { DownloadStatusError } from '../../../../../src/lib/download'

const problem = (name: string, reason: unknown, bytesRead = 0, size = 2048): FileProblem => ({
  name,
  title: name.split('.')[0] ?? name,
  reason,
  bytesRead,
  size,
})

describe('reasonOf', () => {
  it('says why in words: gone, refused, another answer, no answer, broken off', () => {
    expect(reasonOf(problem('a', new DownloadStatusError(404)))).toBe('it is no longer on the server (404)')
    expect(reasonOf(problem('a', new DownloadStatusError(403)))).toBe('the server refused to send it (403)')
    expect(reasonOf(problem('a', new DownloadStatusError(500)))).toBe('the server answered 500')
    expect(reasonOf(problem('a', new TypeError('Failed to fetch')))).toBe(
      'The server could not be reached. Check your connection and try again.',
    )
    expect(reasonOf(problem('a', new TypeError('network error'), 1024))).toBe(
      'the transfer broke off after 1 KB of 2 KB',
    )
    expect(reasonOf(problem('a', new Error('it has no address that can be downloaded')))).toBe(
      'it has no address that can be downloaded',
    )
  })
})

describe('reportText', () => {
  it('counts what is whole and lists what is missing and what is cut short, one line each', () => {
    const text = reportText(
      3,
      [
        problem('gone.jpg', new DownloadStatusError(404)),
        problem('cut.mp4', new TypeError('network error'), 1024),
      ],
      new Date(2026, 10, 24, 9, 5),
    )
    expect(text.split('\r\n')).toEqual([
      'Download report, 2026-11-24 09:05',
      '',
      '3 of 5 files are in this archive whole.',
      '',
      'Not in this archive (1 file):',
      '- gone.jpg ("gone"): it is no longer on the server (404)',
      '',
      'Cut short, only the first part is in this archive (1 file):',
      '- cut.mp4 ("cut"): the transfer broke off after 1 KB of 2 KB',
      '',
      'Try downloading these again from the library.',
      '',
    ])
  })
})

describe('problemSummary', () => {
  it('names the files that could not be read and points to the report', () => {
    expect(
      problemSummary(3, [
        problem('a.jpg', new DownloadStatusError(404)),
        problem('b.jpg', new TypeError('x')),
      ]),
    ).toBe(
      '3 of 5 files zipped; 2 could not be read: a.jpg, b.jpg. download-report.txt in the archive says why.',
    )
  })

  it('names three and counts the rest', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((name) => problem(`${name}.jpg`, new DownloadStatusError(404)))
    expect(problemSummary(1, many)).toBe(
      '1 of 6 files zipped; 5 could not be read: a.jpg, b.jpg, c.jpg and 2 more. download-report.txt in the archive says why.',
    )
  })

  it('gives each reason when nothing could be read, since there is no archive to hold a report', () => {
    expect(
      problemSummary(0, [
        problem('a.jpg', new DownloadStatusError(404)),
        problem('b.jpg', new DownloadStatusError(500)),
      ]),
    ).toBe(
      'No archive was made, since none of the 2 files could be read. a.jpg: it is no longer on the server (404); b.jpg: the server answered 500.',
    )
  })
})
