import 'antd-mobile/es/global';
import '@/shared/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadFeedbackOnFirstInteraction } from '@/shared/ui/feedback';
import { App } from './app';
import { createAppRouter } from './router';

/** Mounts the player app into `container`. */
export function startApp(container: HTMLElement) {
  document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // Toasts and dialogs follow what the player does: fetch them when the player first touches the page,
  // ahead of the tap's own answer, rather than with the first page.
  preloadFeedbackOnFirstInteraction();
}
