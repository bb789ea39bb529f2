import {
  reloadWhenCrossingBreakpoint,
  renderDesktopFrame,
  shouldRenderDesktopFrame,
} from './app/desktop-frame';
import { preloadPageAt } from './app/page-modules';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

reloadWhenCrossingBreakpoint(window);
if (shouldRenderDesktopFrame(window)) {
  // A desktop browser: show the app in a phone-sized frame and load nothing else here.
  renderDesktopFrame(window, container);
} else {
  preloadPageAt(window.location.hash);
  void import('./app/start').then(({ startApp }) => startApp(container));
}
