export { createAndCopyShare, ShareLinks } from './components/share-links'
export { ShareDialog } from './components/share-dialog'
