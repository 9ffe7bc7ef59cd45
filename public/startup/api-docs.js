// The API's reference page (/api/docs, netlify/functions/api-docs.mts): Swagger UI, from its prebuilt
// bundle, rendering the OpenAPI document the page names. A file of its own, as the
// Content-Security-Policy allows no inline script. Ids and paths: src/contract/api-docs.ts.
var root = document.getElementById('api-reference')
if (root && typeof window.SwaggerUIBundle === 'function') {
  window.SwaggerUIBundle({
    domNode: root,
    url: root.dataset.document,
    // Swagger's online validator would send the document elsewhere and load its badge from there.
    validatorUrl: null,
    deepLinking: true,
    defaultModelsExpandDepth: 0,
  })
}
