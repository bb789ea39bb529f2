import { lazy, Suspense, useEffect } from 'react';
import { useAppInfo } from '@/shared/session/get-app-info';
import { useUserInfo } from '@/shared/session/get-user';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { NavigationProgress } from './route-status';
import { useScrollToTop } from './use-scroll-to-top';

// A visitor has no protection settings: their code loads with the first logged-in page, not the first screen.
const PlayerProtection = lazy(() =>
  import('@/features/protection/components/player-protection').then((m) => ({ default: m.PlayerProtection })),
);

/** The root route: every page renders below it, the cached ones kept alive. */
export function RootLayout() {
  useScrollToTop();
  const appInfo = useAppInfo();
  const loggedIn = useIsLoggedIn();
  // Refresh the stored user once per session start (spec 3: user info is cached locally).
  useUserInfo();
  useEffect(() => {
    if (appInfo?.title) document.title = appInfo.title;
  }, [appInfo?.title]);
  return (
    <>
      <NavigationProgress />
      <KeepAliveOutlet />
      {loggedIn && (
        <Suspense fallback={null}>
          <PlayerProtection />
        </Suspense>
      )}
    </>
  );
}
