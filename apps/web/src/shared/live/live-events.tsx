import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsLoggedIn } from '@/shared/session/session-store';

/** Keeps the player's event stream open while logged in (loaded apart from the first page). */
export function LiveEvents() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loggedIn || typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./player-stream').then(({ openPlayerStream }) => {
      if (!cancelled) stop = openPlayerStream(queryClient);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [loggedIn, queryClient]);
  return null;
}
