/**
 * Starts loading the page of the hash route `hash` (e.g. `#/activity?id=2`) at once, beside the app's
 * own code, instead of after the app has started and matched the route: one round trip less before
 * the first screen. The build lists each route's page chunks and stylesheets in index.html
 * (`#page-chunks`, build-plugins.ts); the router's lazy route then finds them fetched.
 */
export function preloadPageAt(doc: Document, hash: string) {
  const holder = doc.getElementById('page-chunks');
  const list = holder instanceof HTMLTemplateElement ? holder.content.textContent : holder?.textContent;
  if (!list) return;
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const files = (JSON.parse(list) as Record<string, string[] | undefined>)[path] ?? [];
  for (const file of files) {
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
    link.href = `/${file}`;
    doc.head.appendChild(link);
  }
}
