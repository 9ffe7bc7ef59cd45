import { IPTC, photoWith, xmpPacket } from '../support/metadata-jpeg'
import { listFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { expectTitles, openScreen, toast } from './support/screen'

test('the Upload dialog fills each photo’s own fields from its embedded metadata, visibly and clearably', async ({
  page,
  shot,
}) => {
  const harbour = await photoWith({
    iptc: [
      [IPTC.objectName, 'Harbour at dawn'],
      [IPTC.keyword, 'harbour'],
      [IPTC.keyword, 'boats'],
      [IPTC.byline, 'Ada Lovelace'],
    ],
    xmp: xmpPacket({ description: 'Boats at first light' }),
  })
  const nets = await photoWith({
    iptc: [
      [IPTC.objectName, 'Nets'],
      [IPTC.caption, 'Nets drying'],
      [IPTC.byline, 'Bob'],
    ],
  })
  await openScreen(page)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  const shared = dialog.getByRole('group', { name: 'Details for every file' })
  await shared.getByLabel('Tags').fill('spring')
  await dialog.getByLabel('Choose files to upload').setInputFiles([
    { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: harbour },
    { name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: nets },
  ])

  const row = (name: string) =>
    dialog.getByRole('list', { name: 'Files to upload' }).getByRole('listitem', { name })
  const first = row('IMG_0042.jpg')
  await expect(first.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Harbour at dawn')
  await expect(row('IMG_0043.jpg').getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Nets')
  const details = first.getByRole('group', { name: 'Details of IMG_0042.jpg' })
  await expect(details.locator('summary')).toHaveText('Filled from the file: description, tags, author')
  await details.locator('summary').click()
  // By role: each field's Clear button is labelled with the field's name too.
  const own = (name: string) => details.getByRole('textbox', { name: new RegExp(`^${name}`) })
  await expect(own('Description')).toHaveValue('Boats at first light')
  await expect(own('Author')).toHaveValue('Ada Lovelace')
  // The tags typed for every file win: the file's own say so.
  await expect(own('Tags')).toBeDisabled()
  await expect(details).toContainText('Every file gets the tags under “Details for every file” instead.')
  await shot('upload-filled-from-file')

  await details.getByRole('button', { name: 'Clear author' }).click()
  await expect(own('Author')).toHaveValue('')

  await dialog.getByRole('button', { name: 'Start upload' }).click()
  await expect(toast(page, 'All 2 files uploaded successfully!')).toBeVisible({ timeout: 60_000 })
  await expectTitles(page, ['Harbour at dawn', 'Nets'])
  const records = await listFiles()
  expect(records.find((record) => record.title === 'Harbour at dawn')).toMatchObject({
    description: 'Boats at first light',
    tags: ['spring'],
    // Cleared, so the spec's default.
    author: 'Unknown',
  })
  expect(records.find((record) => record.title === 'Nets')).toMatchObject({
    description: 'Nets drying',
    tags: ['spring'],
    author: 'Bob',
  })
})
