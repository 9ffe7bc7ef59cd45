import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { documentStore } from '../../../../../netlify/server/store'
import {
  createEndpoint,
  recordEndpointResult,
} from '../../../../../netlify/server/webhooks/webhook-endpoints'
import { installBrowserGaps, renderScreen } from '../../../../support/screen-render'
import { setupScreenServer } from '../../../../support/screen-server'

setupScreenServer(installBrowserGaps)

async function openWebhooks() {
  const rendered = renderScreen()
  await rendered.user.click(await screen.findByRole('button', { name: 'Webhooks' }))
  return { ...rendered, page: await screen.findByRole('dialog', { name: 'Webhooks' }) }
}

describe('the Webhooks page', () => {
  it('adds a webhook, shows its secret once, sends a test and re-sends a delivery', async () => {
    const { user, page } = await openWebhooks()
    expect(await within(page).findByText('No webhooks yet.')).toBeInTheDocument()

    await user.type(within(page).getByLabelText('Address (https)'), 'http://hooks.example.com/in')
    await user.click(within(page).getByRole('button', { name: 'Add webhook' }))
    expect(await within(page).findByRole('alert')).toHaveTextContent(
      'That address starts with http://, which is not encrypted, so it cannot receive webhooks.',
    )

    await user.clear(within(page).getByLabelText('Address (https)'))
    await user.type(within(page).getByLabelText('Address (https)'), 'https://hooks.example.com/in')
    await user.click(within(page).getByLabelText('file.purged'))
    await user.click(within(page).getByRole('button', { name: 'Add webhook' }))
    const secret = (await within(page).findByText(/^whsec_/)).textContent
    // Shown once, with Copy, as a token's or an invitation's is.
    expect(within(page).getByRole('status')).toHaveTextContent(
      'Signing secret of https://hooks.example.com/in',
    )
    expect(within(within(page).getByRole('status')).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    const item = (await within(page).findByText('https://hooks.example.com/in')).closest('li')
    if (!item) throw new Error('the webhook is not listed')
    expect(item).toHaveTextContent('On')
    expect(item).not.toHaveTextContent('file.purged')
    // The list shows the secret's first characters only.
    expect(item).toHaveTextContent(`${secret.slice(0, 10)}…`)
    expect(item).not.toHaveTextContent(secret)
    // The same address again is refused, in the server's words, rather than sent everything twice.
    await user.type(within(page).getByLabelText('Address (https)'), 'https://hooks.example.com/in')
    await user.click(within(page).getByRole('button', { name: 'Add webhook' }))
    expect(await within(page).findByRole('alert')).toHaveTextContent(
      /^A webhook already sends to https:\/\/hooks\.example\.com\/in \(wh_\w+\); change its events rather than adding another$/,
    )
    expect(within(page).getAllByText('https://hooks.example.com/in')).toHaveLength(1)

    await user.click(within(item).getByRole('button', { name: 'Send test' }))
    expect(await within(item).findByText('Test event queued')).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Deliveries' }))
    const deliveries = await within(page).findByRole('region', { name: 'Deliveries' })
    const row = (await within(deliveries).findByText('webhook.test')).closest('tr')
    if (!row) throw new Error('no delivery row')
    expect(row).toHaveTextContent('Not sent yet')
    await user.click(within(row).getByRole('button', { name: /^Send the webhook\.test of .* again$/ }))
    expect(within(deliveries).queryByRole('alert')).toBeNull()
  })

  it('shows a webhook turned off after a day of failures, and turns it back on', async () => {
    const created = await createEndpoint(documentStore(), {
      url: 'https://down.example.com/in',
      events: ['file.created'],
    })
    const start = new Date()
    await recordEndpointResult(documentStore(), created.id, false, start)
    await recordEndpointResult(documentStore(), created.id, false, new Date(start.getTime() + 25 * 3_600_000))

    const { user, page } = await openWebhooks()
    const item = (await within(page).findByText('https://down.example.com/in')).closest('li')
    if (!item) throw new Error('the webhook is not listed')
    expect(item).toHaveTextContent('Turned off: every delivery failed for 24 hours')
    await user.click(within(item).getByRole('button', { name: 'Turn on' }))
    expect(await within(item).findByRole('button', { name: 'Turn off' })).toBeInTheDocument()
    expect(item).not.toHaveTextContent('every delivery failed')
  })
})
