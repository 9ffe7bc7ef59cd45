export { UsageWarning } from './components/usage-warning'
export { UsedIn } from './components/used-in'
