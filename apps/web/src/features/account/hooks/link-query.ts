import { referralOf } from '@/shared/routes/referral';
import type { LinkRegisterInput } from '../api/register-by-link';

const ATTEMPTED_KEY = 'link-register-attempted';

/**
 * The registration link's parameters (pid, referrer, referrer_node) when the address carries a
 * `callback` query, in the route's query (/#/?callback=1&pid=12) or before the hash (/?callback=1#/).
 */
export function readLinkQuery(routeParams: URLSearchParams, pageSearch: string): LinkRegisterInput | null {
  const page = new URLSearchParams(pageSearch);
  const params = routeParams.has('callback') ? routeParams : page.has('callback') ? page : null;
  if (!params) return null;
  return referralOf(params);
}

/** Registration via link runs once per visit (this tab's session), whatever its answer. */
export const linkRegistrationAttempted = () => sessionStorage.getItem(ATTEMPTED_KEY) !== null;
export const markLinkRegistrationAttempted = () => sessionStorage.setItem(ATTEMPTED_KEY, '1');
