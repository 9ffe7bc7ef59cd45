/**
 * The sidebar's People and API tokens entries, and loaders of their pages, which load on first use.
 * The lint rule lets others import only this file of the feature.
 */
export { PeopleEntry, TokensEntry } from './components/people-entries'
export const loadPeopleDialog = () =>
  import('./components/people-dialog').then((module) => module.PeopleDialog)
export const loadTokensDialog = () =>
  import('./components/tokens-dialog').then((module) => module.TokensDialog)
