/**
 * The API's reference page (`GET /api/docs`) in Chromium: Swagger UI, loaded from the build's own
 * copy, renders the OpenAPI document and lists the endpoints, under the page's Content-Security-Policy
 * and without asking any other site for anything.
 */
import { watchCsp } from './support/csp-watch'
import { expect, test } from './support/fixtures'

test.use({ resetLibrary: false })

test('the reference page lists the endpoints from the document, with no policy violation', async ({
  page,
  outsideRequests,
}) => {
  const csp = await watchCsp(page)
  const answer = await page.goto('/api/docs')
  expect(answer?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: /Media File Manager API/ })).toBeVisible()
  const update = page.locator('.opblock-patch').filter({ hasText: "Edit a file's fields" })
  await expect(update).toBeVisible()
  await expect(update).toContainText('/api/update')
  expect(await csp.violations()).toEqual([])
  expect(outsideRequests).toEqual([])
})
