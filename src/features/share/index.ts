export { createAndCopyShare, ShareLinks } from './components/share-links'
