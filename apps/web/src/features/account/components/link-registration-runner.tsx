import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { navigateTo } from '@/shared/navigation/navigator';
import { PATH } from '@/shared/routes/paths';
import { appInfoQueryOptions } from '@/shared/session/get-app-info';
import { userQueryOptions } from '@/shared/session/get-user';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';
import { useWelcomePopupPhase } from '@/shared/ui/welcome-popup-state';
import { type LinkRegisterInput, registerByLink } from '../api/register-by-link';
import { linkRegistrationAttempted, markLinkRegistrationAttempted } from '../hooks/link-query';
import { showInitialPasswords } from './initial-passwords';

/**
 * With index_modal 1, how long to wait for home's welcome popup to say it is showing before taking
 * it that there is none (an app without the popup, or one that does not report it).
 */
export const POPUP_GRACE_MS = 1500;

/**
 * Registers the visitor through the link once the app info is known and the welcome popup is closed
 * (or absent: index_modal 0), then stores the token, loads the player, says the server's message and
 * shows the generated username and initial passwords with a way to change them now.
 */
export function LinkRegistrationRunner({ link }: { link: LinkRegisterInput }) {
  const queryClient = useQueryClient();
  const { data: appInfo } = useQuery(appInfoQueryOptions());
  const popup = useWelcomePopupPhase();
  const [noPopupSeen, setNoPopupSeen] = useState(false);
  const waitsForPopup = appInfo?.index_modal === 1 && popup === 'unknown';

  useEffect(() => {
    if (!waitsForPopup) return;
    const timer = setTimeout(() => setNoPopupSeen(true), POPUP_GRACE_MS);
    return () => clearTimeout(timer);
  }, [waitsForPopup]);

  const ready =
    appInfo !== undefined &&
    (appInfo.index_modal === 0 || popup === 'closed' || (popup === 'unknown' && noPopupSeen));

  useEffect(() => {
    if (!ready || linkRegistrationAttempted() || useSession.getState().token) return;
    markLinkRegistrationAttempted();
    void (async () => {
      // A refusal has been toasted by the client as the server words it; nothing else happens.
      const made = await registerByLink(link).catch(() => null);
      if (!made) return;
      useSession.getState().setToken(made.token);
      await queryClient.fetchQuery(userQueryOptions()).catch(() => undefined);
      toast.success(made.message);
      if (await showInitialPasswords(made)) navigateTo(PATH.userCent);
    })();
  }, [ready, link, queryClient]);

  return null;
}
