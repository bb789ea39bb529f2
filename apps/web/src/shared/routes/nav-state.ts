import { useLocation } from '@/shared/routes/router/react';

/**
 * Navigation state a page sets when it opens a bind page (card management, the withdrawal's card
 * picker): after binding, the player goes back there. A bind page opened any other way (a typed
 * address) goes on to the card list instead.
 */
export const RETURN_AFTER_BIND = { returnAfterBind: true } as const;

export function useReturnsAfterBind(): boolean {
  const { state } = useLocation();
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { returnAfterBind?: unknown }).returnAfterBind === true
  );
}
