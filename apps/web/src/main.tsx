import {
  reloadWhenCrossingBreakpoint,
  renderDesktopFrame,
  shouldRenderDesktopFrame,
} from './app/desktop-frame';
import { preloadPageAt } from './app/page-preload';
import { registerServiceWorker } from './app/register-service-worker';
import { askEarly } from './shared/api/early-answers';
import { hasStoredToken } from './shared/session/session-key';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

reloadWhenCrossingBreakpoint(window);
if (import.meta.env.PROD) registerServiceWorker(window, import.meta.url);
if (shouldRenderDesktopFrame(window)) {
  // A desktop browser: show the app in a phone-sized frame and load nothing else here.
  renderDesktopFrame(window, container);
} else {
  preloadPageAt(document, window.location.hash);
  if (!hasStoredToken(localStorage)) askEarly(document, window.location.hash);
  void import('./app/start').then(({ startApp }) => startApp(container));
}
