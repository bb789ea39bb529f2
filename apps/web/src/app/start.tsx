import '@/shared/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadFeedback } from '@/shared/ui/feedback';
import { setupAntdMobile } from './antd-setup';
import { App } from './app';
import { createAppRouter } from './router';

/** Mounts the player app into `container`. */
export function startApp(container: HTMLElement) {
  document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
  setupAntdMobile();
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // Toasts and dialogs are needed soon after start (errors, logout): fetch them once the page is up.
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1500));
  idle(() => preloadFeedback());
}
