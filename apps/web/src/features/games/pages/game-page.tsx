import { MSG } from '@app/contract/messages';
import { useCallback, useEffect, useRef } from 'react';
import { queryClient } from '@/shared/api/query-client';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TG } from '@/shared/i18n/zh-cn/games';
import { leaveApp } from '@/shared/navigation/leave-app';
import { PATH } from '@/shared/routes/paths';
import type { Location } from '@/shared/routes/router/history';
import { useLocation, useNavigate } from '@/shared/routes/router/react';
import { appInfoQueryOptions } from '@/shared/session/get-app-info';
import { getToken, useSession } from '@/shared/session/session-store';
import { getServiceUrl, inAppRoute } from '@/shared/support/get-service-url';
import { toast } from '@/shared/ui/feedback';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { getAgentLoginUrl } from '../api/get-agent-login-url';
import { getGameUrl } from '../api/get-game-url';
import styles from './game-page.module.css';

/**
 * The history entry this page left the app from (session storage): when the player comes back to it
 * (the browser's back from the game reloads the app here), the page returns to where they were
 * instead of launching the game a second time.
 */
const LEFT_FROM_KEY = 'game-page-left';

/** What /gamePage was asked to open (spec 2). */
type Destination =
  | { kind: 'agent' }
  | { kind: 'service' }
  | { kind: 'download' }
  | { kind: 'game'; platform: string; type: string; code: string };

function destinationOf(search: string): Destination {
  const query = new URLSearchParams(search);
  if (query.get('dailiD') === '1') return { kind: 'agent' };
  if (query.get('dailiD') === '2') return { kind: 'service' };
  if (query.get('app') === '1') return { kind: 'download' };
  return {
    kind: 'game',
    platform: query.get('name') ?? '',
    type: query.get('type') ?? '',
    code: query.get('code') ?? '',
  };
}

/** The address to leave for, an in-app route to go to, or null when there is none (already told). */
async function resolve(destination: Destination): Promise<{ leave: string } | { route: string } | null> {
  switch (destination.kind) {
    case 'agent':
      if (!getToken()) return pleaseLogin();
      return routeOrLeave(await getAgentLoginUrl());
    case 'service':
      return routeOrLeave(await getServiceUrl());
    case 'download': {
      const appInfo = useSession.getState().appInfo ?? (await queryClient.fetchQuery(appInfoQueryOptions()));
      const url = appInfo.ios_download_url || appInfo.h5_url;
      return url ? { leave: url } : null;
    }
    case 'game':
      if (!getToken()) return pleaseLogin();
      return { leave: await getGameUrl(destination) };
  }
}

/** An address of this app is navigated to (the agent centre, in-app service); any other is left for. */
function routeOrLeave(url: string): { leave: string } | { route: string } {
  const route = inAppRoute(url);
  return route ? { route } : { leave: url };
}

function pleaseLogin(): null {
  toast.info(MSG.pleaseLogin);
  return null;
}

/** Back to the page the player came from (home when this page was opened directly). */
function useGoBack() {
  const navigate = useNavigate();
  return useCallback(
    (from: Location) => {
      if (from.key !== 'default') navigate(-1);
      else navigate(PATH.home, { replace: true });
    },
    [navigate],
  );
}

/**
 * /gamePage (spec 2 and 4, game launch): name, type and code from the query; without a token the toast
 * 请登录！; otherwise asks /api/getGameUrl for the game's address and leaves the app for it, or, when
 * that fails (the API client shows the message), goes back. dailiD=1 opens the agent centre (the
 * address getAgentLoginUrl answers: /#/agent, this app's page; a non-agent is told why by the server),
 * dailiD=2 customer service, app=1 the app download link.
 */
export function GamePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const started = useRef<string | null>(null);
  const shown = useRef(true);

  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  useEffect(() => {
    // Once per visit (a second effect run in development must not launch the game twice).
    if (started.current === location.key) return;
    started.current = location.key;
    if (sessionStorage.getItem(LEFT_FROM_KEY) === location.key) {
      sessionStorage.removeItem(LEFT_FROM_KEY);
      goBack(location);
      return;
    }
    resolve(destinationOf(location.search))
      .then((target) => {
        if (!shown.current) return;
        if (!target) goBack(location);
        else if ('route' in target) navigate(target.route, { replace: true });
        else {
          sessionStorage.setItem(LEFT_FROM_KEY, location.key);
          leaveApp(target.leave);
        }
      })
      .catch(() => {
        // The API client has shown the server's message (a network failure shows nothing).
        if (shown.current) goBack(location);
      });
  }, [location, goBack, navigate]);

  // Restored from the browser's back-forward cache after leaving for the game: go back too.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || sessionStorage.getItem(LEFT_FROM_KEY) !== location.key) return;
      sessionStorage.removeItem(LEFT_FROM_KEY);
      goBack(location);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [location, goBack]);

  const opensGame = destinationOf(location.search).kind === 'game';
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.gamePage} />
      <div className={styles.body} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.title}>{opensGame ? TG.launching : TG.opening}</p>
        {opensGame ? <p className={styles.hint}>{TG.launchingHint}</p> : null}
      </div>
    </div>
  );
}
