import { MSG } from '@app/contract/messages';
import { useCallback } from 'react';
import { checkAccess } from '@/shared/routes/access';
import { useLocation, useNavigate } from '@/shared/routes/router/react';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

/** Splits an in-app target ("/path?query") into pathname and search. */
export function splitTarget(to: string): { pathname: string; search: string } {
  const url = new URL(to, 'http://app.invalid');
  return { pathname: url.pathname, search: url.search };
}

/**
 * Navigation for menus, tabs and buttons (spec 2): going to the page already shown says
 * 已在当前页面！ and stays; the route guard's verdict (login first, red packet closed) applies before
 * anything moves. Returns whether it navigated.
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { pathname: currentPath, search: currentSearch } = useLocation();
  return useCallback(
    (to: string, options?: { replace?: boolean; state?: unknown }) => {
      const { pathname, search } = splitTarget(to);
      if (pathname === currentPath && search === currentSearch) {
        toast.info(MSG.alreadyHere);
        return false;
      }
      const { token, appInfo } = useSession.getState();
      const verdict = checkAccess(pathname, search, { token, appInfo });
      if (verdict.kind === 'refuse') {
        toast.info(verdict.message);
        return false;
      }
      if (verdict.kind === 'redirect') {
        if (verdict.message) toast.info(verdict.message);
        navigate(verdict.to, options);
        return true;
      }
      navigate(`${pathname}${search}`, options);
      return true;
    },
    [navigate, currentPath, currentSearch],
  );
}
