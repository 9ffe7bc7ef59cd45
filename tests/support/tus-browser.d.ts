// tus-js-client's browser build (XMLHttpRequest + Blob), which a bundler picks through the package's
// `browser` field and vitest's jsdom environment does not; the tests load it explicitly.
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client'
}
