import { MSG } from '@app/contract/messages';
import type { AppInfo } from '@app/contract/user';
import { href, PATH } from './paths';
import { routeMetaOf } from './route-meta';

export type AccessVerdict =
  | { kind: 'allow' }
  /** Go to `to` (the login page) instead, after showing `message` when there is one. */
  | { kind: 'redirect'; to: string; message?: string }
  /** Stay where you are and show `message`. */
  | { kind: 'refuse'; message: string };

interface AccessContext {
  token: string | null;
  appInfo: AppInfo | null;
}

/**
 * The route guard of spec 2, as a pure rule so that in-app navigation and direct URL entry agree:
 * - /hongbao is refused with 红包已关闭 while the red-packet switch is 0;
 * - a route needing login goes to /login?redirect={intended full path}, unless it opens with a signed
 *   link token and the address carries one (an order's page link);
 * - /hongbao and /transfer tell a logged-out player to log in (请登录！) and then go there too.
 */
export function checkAccess(
  pathname: string,
  search: string,
  { token, appInfo }: AccessContext,
): AccessVerdict {
  if (pathname === PATH.hongbao && appInfo?.redpacket_switch === 0) {
    return { kind: 'refuse', message: MSG.redPacketClosed };
  }
  const meta = routeMetaOf(pathname);
  if (!meta?.auth || token) return { kind: 'allow' };
  if (meta.openWith && new URLSearchParams(search).get(meta.openWith)) return { kind: 'allow' };
  const to = href.login({ redirect: `${pathname}${search}` });
  return meta.auth === 'prompt'
    ? { kind: 'redirect', to, message: MSG.pleaseLogin }
    : { kind: 'redirect', to };
}
