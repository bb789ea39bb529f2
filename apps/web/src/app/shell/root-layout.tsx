import { useEffect } from 'react';
import { RealityCheck } from '@/features/protection/components/reality-check';
import { RestrictionGate } from '@/features/protection/components/restriction-gate';
import { useAppInfo } from '@/shared/session/get-app-info';
import { useUserInfo } from '@/shared/session/get-user';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { NavigationProgress } from './route-status';
import { useScrollToTop } from './use-scroll-to-top';

/** The root route: every page renders below it, the cached ones kept alive. */
export function RootLayout() {
  useScrollToTop();
  const appInfo = useAppInfo();
  // Refresh the stored user once per session start (spec 3: user info is cached locally).
  useUserInfo();
  useEffect(() => {
    if (appInfo?.title) document.title = appInfo.title;
  }, [appInfo?.title]);
  return (
    <>
      <NavigationProgress />
      <KeepAliveOutlet />
      <RestrictionGate />
      <RealityCheck />
    </>
  );
}
