/**
 * The Share and Copy link commands and the copying of links, and a loader of the share links Details
 * shows: their calls' schemas bring zod, kept off the first route (decision 0042). The lint rule lets
 * others import only this file of the feature.
 */
export { copyLinkCommand } from './commands/copy-link'
export { shareCommand } from './commands/share'
export { useCopyLinks } from './use-copy-links'
export const loadShareLinks = () => import('./components/share-links').then((module) => module.ShareLinks)
