import { createFolder, seedFiles, type SeedFile, type StoredRecord } from './library'

/**
 * Six real files of each kind, in three places (top level, /Campaigns, /Campaigns/2026) and on
 * different days, for the search, filter, sort and view journeys.
 */
export const LIBRARY: readonly SeedFile[] = [
  {
    fixture: 'landscape.jpg',
    title: 'Beach sunset',
    author: 'Dana',
    tags: ['summer'],
    date: '2026-03-10',
  },
  {
    fixture: 'clip.mp4',
    title: 'Launch spot',
    description: 'Homepage HERO video',
    folder_path: '/Campaigns',
    date: '2026-05-01',
  },
  {
    fixture: 'report.pdf',
    title: 'Budget report',
    author: 'Priya Patel',
    folder_path: '/Campaigns/2026',
    date: '2025-12-31',
  },
  { fixture: 'tone.mp3', title: 'Jingle', tags: ['Radio', 'promo'], date: '2026-04-01' },
  { fixture: 'archive.zip', title: 'Press bundle', date: '2026-02-14' },
  { fixture: 'brief.docx', title: 'Creative brief', folder_path: '/Campaigns', date: '2026-01-20' },
]

export const ALL_TITLES = [
  'Beach sunset',
  'Budget report',
  'Creative brief',
  'Jingle',
  'Launch spot',
  'Press bundle',
]

export async function seedLibrary(): Promise<StoredRecord[]> {
  await createFolder('Campaigns')
  await createFolder('2026', '/Campaigns')
  await createFolder('Archive')
  return seedFiles(LIBRARY)
}
