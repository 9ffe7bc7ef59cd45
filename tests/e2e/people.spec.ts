/**
 * People and roles on the screen (issue 45), on a netlify dev of this file's own started with
 * APP_ACCESS_TOKEN: the owner invites a viewer from the People page, the invitee opens the link in a
 * browser of their own, sets a name and password and lands in the library, where a viewer is shown no
 * control that changes files and no admin page. At a phone's width and a desktop's.
 */
import type { Browser, Page } from '@playwright/test'

import { expect, test } from './support/fixtures'
import { startOwnServer, type OwnServer } from './support/own-server'

const TOKEN = 'e2e-people-token-5c0e8a41f2'
const PASSWORD = 'ample lantern orbit quietly'

let server: OwnServer

test.use({ resetLibrary: false })
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await startOwnServer({ APP_ACCESS_TOKEN: TOKEN })
})

test.afterAll(async () => {
  await server.stop()
})

/** Opens a sidebar entry: beside the files on a desktop, in the Folders drawer on a phone. */
async function openEntry(page: Page, name: string, narrow: boolean): Promise<void> {
  if (narrow) await page.getByRole('button', { name: 'Folders', exact: true }).click()
  await page.getByRole('button', { name, exact: true }).click()
}

async function signInAsOwner(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/`)
  const dialog = page.getByRole('dialog', { name: 'Access token required' })
  await dialog.getByLabel('Access token').fill(TOKEN)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('No files found')).toBeVisible()
}

async function invitee(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size })
  return { context, page: await context.newPage() }
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  const narrow = size.width < 600
  test(`at ${String(size.width)} px an admin invites a viewer, who joins by the link and sees only what a viewer may use`, async ({
    page,
    browser,
    shot,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size)
    await signInAsOwner(page)

    await openEntry(page, 'People', narrow)
    const people = page.getByRole('dialog', { name: 'People' })
    await expect(people).toBeVisible()
    const email = `viewer-${String(size.width)}@example.com`
    await people.getByLabel('Email', { exact: true }).fill(email)
    // Exact: once the list is in, each person listed has a "Role of <name>" of their own (the other
    // size's run leaves its invitee on the same site).
    await people.getByLabel('Role', { exact: true }).selectOption('viewer')
    await people.getByRole('button', { name: 'Invite' }).click()
    const shown = people.getByRole('status')
    await expect(shown).toContainText('you will not see it again')
    const link = (await shown.locator('code').textContent()) ?? ''
    expect(link).toMatch(/\/invite#token=/)
    await expect(people.getByRole('listitem', { name: email })).toContainText('Invited, not yet accepted')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    await shot(`people-page-${String(size.width)}`)

    const viewer = await invitee(browser, size)
    await viewer.page.goto(link)
    await expect(viewer.page.getByRole('heading', { name: 'Join this media library' })).toBeVisible()
    await expect(viewer.page.getByRole('dialog')).toHaveCount(0)
    await viewer.page.getByLabel('Your name').fill('Vera')
    await viewer.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await viewer.page.getByLabel('Password again').fill(PASSWORD)
    await shot(`invite-page-${String(size.width)}`, viewer.page)
    await viewer.page.getByRole('button', { name: 'Join' }).click()

    await expect(viewer.page.getByText('No files found')).toBeVisible()
    // The link is on the site's own address, as the server saw it (netlify dev names it localhost).
    await expect(viewer.page).toHaveURL(new URL('/', link).href)
    await expect(viewer.page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(viewer.page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0)
    await expect(viewer.page.getByRole('button', { name: 'New Folder' })).toHaveCount(0)
    if (narrow) await viewer.page.getByRole('button', { name: 'Folders', exact: true }).click()
    await expect(viewer.page.getByRole('button', { name: 'API tokens', exact: true })).toBeVisible()
    await expect(viewer.page.getByRole('button', { name: 'People', exact: true })).toHaveCount(0)
    await expect(viewer.page.getByRole('button', { name: 'Webhooks', exact: true })).toHaveCount(0)
    await shot(`viewer-screen-${String(size.width)}`, viewer.page)
    await viewer.context.close()
  })
}
