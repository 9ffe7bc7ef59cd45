/**
 * The sidebar's Webflow entry, and a loader of its panel, which loads on first use. The lint rule lets
 * others import only this file of the feature.
 */
export { WebflowEntry } from './components/webflow-entry'
export const loadWebflowDialog = () =>
  import('./components/webflow-dialog').then((module) => module.WebflowDialog)
