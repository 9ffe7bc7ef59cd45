// The theme chosen on this device (src/app/theme.ts, which keeps the same key and values), set on the page
// before its first paint: a classic script in the head holds the paint until it has run, which the app's
// module script cannot. A file of its own, as the Content-Security-Policy allows no inline script.
try {
  var choice = window.localStorage.getItem('media-file-manager:theme')
  var dark =
    choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
} catch {
  // Storage blocked: the app's own module sets the theme as it starts.
}
