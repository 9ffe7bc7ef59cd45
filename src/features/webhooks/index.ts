/**
 * The sidebar's Webhooks entry, and a loader of its page, which loads on first use. The lint rule lets
 * others import only this file of the feature.
 */
export { WebhooksEntry } from './components/webhooks-entry'
export const loadWebhooksDialog = () =>
  import('./components/webhooks-dialog').then((module) => module.WebhooksDialog)
