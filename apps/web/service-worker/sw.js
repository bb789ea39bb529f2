// @ts-check
/// <reference lib="webworker" />
/**
 * The player app's service worker (build-plugins.ts `serviceWorker` writes it to dist/sw.js with this
 * release's list in place of the placeholder). It keeps the app shell of one release in a cache named
 * for that release, so that a second visit paints from it and an offline start shows offline.html.
 * It answers nothing else: the API, the console (/admin), payments, pictures and every other address
 * go to the network untouched. The HTML of the app comes from the network first (a new release reaches
 * players at once); every file it names is hashed, so a page only ever gets the chunks of its own release.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** @type {{ version: string, shell: string[], offline: string }} */
const RELEASE = JSON.parse('__RELEASE__');
const CACHE = `shell-${RELEASE.version}`;
const APP_PAGES = new Set(['/', '/index.html']);

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...RELEASE.shell, RELEASE.offline])));
});

// The first worker takes the page at once (there is nothing to mix with); a newer one waits until a
// page of its own release asks (see register-service-worker.ts) or every page of the older one is closed.
sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = /** @type {{ type?: string, entry?: string } | null} */ (event.data);
  if (data?.type === 'take-over' && typeof data.entry === 'string' && RELEASE.shell.includes(data.entry))
    void sw.skipWaiting();
});

/**
 * No navigation preload: the browser would send a preload for every navigation in scope, also those
 * this worker leaves alone, and then ask the network again: a one-time link (a game launch, a
 * payment page) would be spent by the preload and refused on the second request.
 * @param {FetchEvent} event
 */
async function appPage(event) {
  try {
    return await fetch(event.request);
  } catch {
    return (await caches.match(RELEASE.offline, { cacheName: CACHE })) ?? Response.error();
  }
}

/**
 * The shell's files and the hashed chunks of later pages, from this release's cache, else from the
 * network (a chunk is then kept: its name never changes its bytes).
 * @param {Request} request
 */
async function shellFile(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const answer = await fetch(request);
  if (answer.ok && new URL(request.url).pathname.startsWith('/assets/'))
    await cache.put(request, answer.clone());
  return answer;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    if (APP_PAGES.has(url.pathname)) event.respondWith(appPage(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || RELEASE.shell.includes(url.pathname))
    event.respondWith(shellFile(request));
});
