/**
 * Seeded records and folders for the screen benchmark: the same input on every run, shaped like a real
 * library (mixed types, tags, authors, folders, three years of dates).
 */

const WORDS = [
  'beach',
  'sunset',
  'launch',
  'banner',
  'report',
  'interview',
  'studio',
  'podcast',
  'festival',
  'archive',
  'campaign',
  'portrait',
  'landscape',
  'budget',
  'meeting',
  'promo',
  'teaser',
  'concert',
  'workshop',
  'harbor',
  'mountain',
  'city',
  'night',
  'morning',
  'winter',
  'summer',
  'logo',
  'poster',
  'draft',
  'final',
]
const AUTHORS = ['Dana', 'Lee', 'Sam Rivera', 'Alex Kim', 'Jordan', 'Priya', 'Mateo', 'Chen Wei', 'Unknown']
const TYPES = [
  { ext: 'jpg', mime: 'image/jpeg', category: 'Images' },
  { ext: 'png', mime: 'image/png', category: 'Images' },
  { ext: 'mp4', mime: 'video/mp4', category: 'Video' },
  { ext: 'mp3', mime: 'audio/mpeg', category: 'Audio' },
  { ext: 'pdf', mime: 'application/pdf', category: 'Documents' },
  {
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    category: 'Documents',
  },
  { ext: 'zip', mime: 'application/zip', category: 'Files' },
]
export const BENCH_MEDIA_HOST = 'https://media.bench.test'

/** A small deterministic generator (mulberry32), so every run sees the same library. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface BenchFolder {
  id: number
  name: string
  path: string
  parent_path: string
}

export function benchFolders(): BenchFolder[] {
  const folders: BenchFolder[] = []
  let id = 1
  for (const top of ['Campaigns', 'Events', 'Press', 'Archive']) {
    folders.push({ id: id++, name: top, path: `/${top}`, parent_path: '/' })
    for (const year of ['2024', '2025', '2026']) {
      folders.push({ id: id++, name: year, path: `/${top}/${year}`, parent_path: `/${top}` })
    }
  }
  return folders.sort((a, b) => (a.path < b.path ? -1 : 1))
}

/**
 * `count` records, the same ones on every run for a given count. `host` prefixes each file's URL: the
 * default is an outside media host; an empty host gives paths on the app's own site, as the built-in host
 * stores them, so the benchmark's server can answer the thumbnails itself.
 */
export function benchRecords(count: number, host = BENCH_MEDIA_HOST): Record<string, unknown>[] {
  const next = random(count)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const folders = ['/', ...benchFolders().map((folder) => folder.path)]
  const start = Date.parse('2024-01-01T00:00:00Z')
  const span = Date.parse('2026-11-01T00:00:00Z') - start
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1
    const type = pick(TYPES)
    const title = `${pick(WORDS)} ${pick(WORDS)} ${String(Math.floor(next() * 1000))}`
    const created = new Date(start + Math.floor(next() * span)).toISOString()
    const url = `${host}/HIBF_assets/file-${String(id)}.${type.ext}`
    return {
      id,
      title,
      description: next() < 0.2 ? '' : `${pick(WORDS)} ${pick(WORDS)} for the ${pick(WORDS)} ${pick(WORDS)}`,
      category: type.category,
      file_type: type.mime,
      media_url: url,
      thumbnail: type.mime.startsWith('image/') ? `${url}?thumb` : null,
      file_size: Math.floor(next() * 50_000_000),
      created_at: created,
      updated_at: created,
      tags: Array.from({ length: Math.floor(next() * 4) }, () => pick(WORDS)).filter(
        (tag, i, all) => all.indexOf(tag) === i,
      ),
      notes: '',
      station: next() < 0.3 ? 'KXYZ' : '',
      author: pick(AUTHORS),
      folder_path: pick(folders),
      public_id: null,
      resource_type: null,
      format: type.ext,
      width: null,
      height: null,
      duration: null,
      sha256: null,
    }
  })
}
