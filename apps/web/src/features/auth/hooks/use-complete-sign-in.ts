import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PATH, safeRedirect } from '@/shared/routes/paths';
import { useNavigate, useSearchParams } from '@/shared/routes/router/react';
import { userQueryOptions } from '@/shared/session/get-user';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

/**
 * After a successful login or register (spec 4): show the server's message, store the token, load and
 * store the user, then go home or to the guarded page the player was sent here from.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  return useCallback(
    async ({ message, token }: { message: string; token: string }) => {
      toast.success(message);
      useSession.getState().setToken(token);
      await queryClient.fetchQuery(userQueryOptions()).catch(() => undefined);
      navigate(redirect ?? PATH.home, { replace: true });
    },
    [navigate, queryClient, redirect],
  );
}
