import {
  reloadWhenCrossingBreakpoint,
  renderDesktopFrame,
  shouldRenderDesktopFrame,
} from './app/desktop-frame';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

reloadWhenCrossingBreakpoint(window);
if (shouldRenderDesktopFrame(window)) {
  // A desktop browser: show the app in a phone-sized frame and load nothing else here.
  renderDesktopFrame(window, container);
} else {
  void import('./app/start').then(({ startApp }) => startApp(container));
}
