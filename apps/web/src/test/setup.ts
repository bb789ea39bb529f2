import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { useSession } from '@/shared/session/session-store';
import { setupAntdMobileRender } from '@/shared/ui/antd-render';

setupAntdMobileRender();
// A lazy page's first import is transformed on demand: on a busy machine (CI runs the server tests
// beside these) that alone can outlast the default second of findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });
// Toast and Dialog load on first use in the app; load them once here so that tests wait for
// behaviour, not for the first transform of the library.
const [{ default: Toast }, { default: Dialog }] = await Promise.all([
  import('antd-mobile/es/components/toast'),
  import('antd-mobile/es/components/dialog'),
]);

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
  // Close antd-mobile's imperative toast and dialogs (they live outside the rendered tree) and let
  // them unmount before the next test.
  Toast.clear();
  Dialog.clear();
  await waitFor(() => {
    if (document.querySelector('.adm-mask')) throw new Error('a toast or dialog is still closing');
  });
});
