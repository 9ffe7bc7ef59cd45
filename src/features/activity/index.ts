export { ActivityEntry } from './components/activity-entry'
export { FileHistory } from './components/file-history'
