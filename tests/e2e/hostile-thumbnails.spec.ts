/**
 * The thumbnail URL of each hostile image of the corpus, opened top-level: the card's thumbnail is the
 * Image CDN's copy of the file, at a URL anyone could open, so it runs on netlify dev, whose Image CDN
 * draws it. No copy may run a script. (The other ways of opening a hostile file: hostile-files.spec.ts.)
 */
import { HOSTILE_FILES } from '../fixtures/hostile/corpus'
import { storeHostileFile, type StoredHostileFile } from '../fixtures/hostile/store-hostile'
import { expect, startFromLibrary, test } from './support/fixtures'
import { expectNoneRan, openTopLevel, type Opening } from './support/hostile-openings'
import { watchScripts } from './support/script-watch'
import { baseUrl } from './support/server'

test.use({ resetLibrary: false })

const images: StoredHostileFile[] = []

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await startFromLibrary(async () => {
    // Only a file stored as an image gets a thumbnail; what claims to be one is stored, then checked.
    for (const file of HOSTILE_FILES.filter((candidate) => candidate.claimedType.startsWith('image/'))) {
      const entry = await storeHostileFile(baseUrl(), file)
      if (entry.fileType.startsWith('image/')) images.push(entry)
    }
  })
})

function thumbnailUrl(fileUrl: string): string {
  return `/.netlify/images?url=${encodeURIComponent(fileUrl)}&w=150&h=150&fit=cover`
}

test('opened top-level, no thumbnail of a hostile image runs a script', async ({ context }) => {
  test.setTimeout(120_000)
  expect(images.length).toBeGreaterThan(0)
  const watch = await watchScripts(context)
  const page = await context.newPage()
  const openings: Opening[] = []
  for (const entry of images) {
    const outcome = await openTopLevel(page, thumbnailUrl(entry.fileUrl))
    await watch.checkGlobals(page)
    openings.push({ file: entry.file.id, how: 'thumbnail URL', outcome, signals: watch.take() })
  }
  expectNoneRan('thumbnail URLs', openings)
})
