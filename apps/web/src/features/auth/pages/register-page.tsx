import { href } from '@/shared/routes/paths';
import { isReferred, referralOf } from '@/shared/routes/referral';
import { Navigate, useSearchParams } from '@/shared/routes/router/react';

/**
 * /register (spec 2) shows nothing: a referral link (?pid=, with the link flow's referrer and
 * referrer_node) opens the register tab of /login with all of it, anything else the register tab.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const referral = referralOf(params);
  return <Navigate replace to={href.login(isReferred(referral) ? referral : { type: '1' })} />;
}
