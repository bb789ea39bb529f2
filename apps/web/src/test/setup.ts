import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setupAntdMobile } from '@/app/antd-setup';
import { queryClient } from '@/shared/api/query-client';
import { useSession } from '@/shared/session/session-store';

setupAntdMobile();

const initialSession = useSession.getState();

beforeEach(() => {
  // jsdom has no layout: scrolling is recorded, not performed.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // There is no server in these tests: every request fails like a dropped connection. The API
  // client's own tests replace this with answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState(initialSession, true);
});

afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  // Let antd-mobile's imperative toasts and dialogs unmount before the next test.
  await new Promise((resolve) => setTimeout(resolve, 0));
  document.body.innerHTML = '';
});
