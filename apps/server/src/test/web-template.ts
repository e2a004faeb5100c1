/**
 * The smallest index.html the SPA routes accept: the placeholders the web build's template holds
 * (apps/web/index.html), each once.
 */
export const INDEX_HTML =
  '<!doctype html><html lang="<!--app-lang-->"><head><meta charset="UTF-8" /><!--app-head--></head>' +
  '<body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
