/**
 * Registers the service worker (service-worker/sw.js) once the page has loaded, so that its download
 * and the shell it keeps never compete with the first screen. A newer worker waiting behind an older
 * one is told to take over only by a page of its own release (this entry's address is in its shell):
 * that page's chunks are the ones it keeps, so nothing of two releases is mixed.
 */
export function registerServiceWorker(win: Window, entry: string) {
  const container = win.navigator.serviceWorker;
  if (!container) return;
  const takeOver = (worker: ServiceWorker | null) =>
    worker?.postMessage({ type: 'take-over', entry: new URL(entry).pathname });
  const register = () => {
    container
      .register('/sw.js')
      .then((registration) => {
        takeOver(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') takeOver(installing);
          });
        });
      })
      .catch(() => {
        // No worker (a private window, storage full): the app works as before, from the network.
      });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
