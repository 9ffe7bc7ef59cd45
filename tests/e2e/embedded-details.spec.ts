import { IPTC, photoWith, xmpPacket } from '../support/metadata-jpeg'
import { listFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { expectTitles, openScreen, toast } from './support/screen'

test('the Upload dialog fills blank fields from a photo’s embedded metadata, visibly and clearably', async ({
  page,
  shot,
}) => {
  const photo = await photoWith({
    iptc: [
      [IPTC.objectName, 'Harbour at dawn'],
      [IPTC.keyword, 'harbour'],
      [IPTC.keyword, 'boats'],
      [IPTC.byline, 'Ada Lovelace'],
    ],
    xmp: xmpPacket({ description: 'Boats at first light' }),
  })
  await openScreen(page)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  // By role: each field's Clear button is labelled with the field's name too.
  const field = (name: string) => dialog.getByRole('textbox', { name: new RegExp(`^${name}`) })
  await field('Tags').fill('spring')
  await dialog
    .getByLabel('Choose files to upload')
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })

  await expect(field('Title')).toHaveValue('Harbour at dawn')
  await expect(field('Description')).toHaveValue('Boats at first light')
  await expect(field('Author')).toHaveValue('Ada Lovelace')
  // Typed before the file came: kept.
  await expect(field('Tags')).toHaveValue('spring')
  await expect(dialog.getByText('Filled from the file')).toHaveCount(3)
  await shot('upload-filled-from-file')

  await dialog.getByRole('button', { name: 'Clear author' }).click()
  await expect(field('Author')).toHaveValue('')
  await expect(dialog.getByText('Filled from the file')).toHaveCount(2)

  await dialog.getByRole('button', { name: 'Start upload' }).click()
  await expect(toast(page, 'All 1 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })
  await expectTitles(page, ['Harbour at dawn'])
  const [record] = await listFiles()
  expect(record).toMatchObject({
    title: 'Harbour at dawn',
    description: 'Boats at first light',
    tags: ['spring'],
    // Cleared, so the spec's default.
    author: 'Unknown',
  })
})
