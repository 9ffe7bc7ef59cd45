import { applyTheme, followThemeChanges } from './theme'

// The head's script (public/startup/theme-init.js) set the theme before the first paint; this sets it
// again should that script have met blocked storage, and follows the system and the other tabs from here.
applyTheme()
followThemeChanges()
