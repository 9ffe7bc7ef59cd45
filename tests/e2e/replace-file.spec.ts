import { fixturePath, listFiles, listTrash, seedFiles } from './support/library'
import { expect, test } from './support/fixtures'
import { card, contextMenu, openDetails, openScreen, toast } from './support/screen'

test.beforeEach(async ({ page }) => {
  await seedFiles([
    { fixture: 'landscape.jpg', title: 'Beach sunset', tags: ['summer', 'coast'] },
    { fixture: 'report.pdf', title: 'Budget report' },
  ])
  await openScreen(page)
  await expect(card(page, 'Beach sunset')).toBeVisible()
})

const replacedOn = () =>
  new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

test('Replace file in Details gives the card the new picture and puts the old version in the Trash', async ({
  page,
  shot,
}) => {
  const [before] = (await listFiles()).filter((record) => record.title === 'Beach sunset')
  if (!before) throw new Error('Beach sunset was not seeded')
  const thumbnail = card(page, 'Beach sunset').locator('img')
  const oldSource = await thumbnail.getAttribute('src')

  const details = await openDetails(page, 'Beach sunset')
  await details.getByRole('button', { name: 'Replace file…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Replace file' })
  await dialog.getByLabel('New file').setInputFiles(fixturePath('portrait.png'))
  await expect(dialog).toContainText("The file's type will change from JPEG image to PNG image.")
  await shot('replace-file-dialog')
  await dialog.getByRole('button', { name: 'Replace' }).click()
  await expect(
    toast(page, 'The file of "Beach sunset" was replaced. The old version is in the Trash.'),
  ).toBeVisible()

  await expect(thumbnail).not.toHaveAttribute('src', oldSource ?? '')
  await expect(thumbnail).toHaveAttribute('src', /portrait\.png/)
  const [after] = (await listFiles()).filter((record) => record.title === 'Beach sunset')
  expect(after).toMatchObject({ id: before.id, tags: ['summer', 'coast'], file_type: 'image/png' })

  await page.getByRole('button', { name: 'Trash', exact: true }).click()
  const table = page.getByRole('table', { name: 'Files in the trash' })
  await expect(table.getByRole('rowheader')).toHaveText([`Beach sunset (replaced ${replacedOn()})`])
  const [old] = await listTrash()
  expect(old?.media_url).toBe(before.media_url)
})

test('Replace file is on the right-click menu too', async ({ page }) => {
  await (await contextMenu(page, 'Budget report')).getByRole('menuitem', { name: 'Replace file…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Replace file' })
  await expect(dialog).toContainText('Choose the new file for "Budget report"')
  await dialog.getByLabel('New file').setInputFiles(fixturePath('report.pdf'))
  await dialog.getByRole('button', { name: 'Replace' }).click()
  await expect(toast(page, 'The file of "Budget report" was replaced.')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Replace file' })).toHaveCount(0)
  expect((await listTrash()).map((record) => record.title)).toEqual([
    `Budget report (replaced ${replacedOn()})`,
  ])
})
