import { checkAccess } from '@/shared/routes/access';
import { PATH } from '@/shared/routes/paths';
import { type Loader, redirect } from '@/shared/routes/router/create-router';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

/**
 * The route guard of spec 2 for every way of arriving at a route (typed address, reload, back
 * button): the same rule the in-app navigation helper applies before it moves.
 */
export const guardLoader: Loader = ({ url }) => {
  const { token, appInfo } = useSession.getState();
  const verdict = checkAccess(url.pathname, url.search, { token, appInfo });
  if (verdict.kind === 'allow') return null;
  if (verdict.kind === 'refuse') {
    toast.info(verdict.message);
    throw redirect(PATH.home);
  }
  if (verdict.message) toast.info(verdict.message);
  throw redirect(verdict.to);
};
