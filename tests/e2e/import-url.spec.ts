import { expect, test } from './support/fixtures'
import { listFiles } from './support/library'
import { openScreen } from './support/screen'

/**
 * Import from URL in the browser (decision 0048). The suite has no internet, so it shows what can be
 * shown without it: an address inside the network is refused by the real function, the dialog shows the
 * reason on that address's row, and nothing is added to the list.
 */
test('an address inside the network is refused with its reason, and nothing is imported', async ({
  page,
}) => {
  const before = (await listFiles()).length
  await openScreen(page)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Files' })
  await dialog.getByRole('tab', { name: 'Import from URL' }).click()
  await dialog
    .getByRole('textbox', { name: 'File addresses' })
    .fill('https://169.254.169.254/latest/meta-data/')
  await dialog.getByRole('button', { name: 'Start import' }).click()

  const row = dialog
    .getByRole('list', { name: 'Addresses to import' })
    .getByRole('listitem', { name: 'https://169.254.169.254/latest/meta-data/' })
  await expect(row.getByRole('alert')).toHaveText(
    'That address is a link-local address, where cloud metadata services live, so it cannot be imported.',
  )
  await expect(dialog).toContainText('0 files imported, 1 not: each says why below.')
  await expect(dialog.getByRole('button', { name: 'Start import' })).toBeEnabled()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect(await listFiles()).toHaveLength(before)
})
