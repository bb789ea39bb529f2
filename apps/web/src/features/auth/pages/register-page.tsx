import { href } from '@/shared/routes/paths';
import { Navigate, useSearchParams } from '@/shared/routes/router/react';

/**
 * /register (spec 2) shows nothing: a referral link (?pid=) opens the register tab of /login with the
 * referral id, anything else the register tab.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const pid = params.get('pid');
  return <Navigate replace to={pid ? href.login({ pid }) : href.login({ type: '1' })} />;
}
