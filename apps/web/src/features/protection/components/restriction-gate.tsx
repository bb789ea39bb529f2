import { useEffect } from 'react';
import { PATH } from '@/shared/routes/paths';
import { useLocation, useNavigate } from '@/shared/routes/router/react';
import { useProtectionState } from '../api/protection';

/** What a player under a time-out or self-exclusion may open: withdrawing and the account's own pages. */
const OPEN_WHILE_RESTRICTED = new Set<string>([
  PATH.protection,
  PATH.security,
  PATH.withdrawal,
  PATH.money,
  PATH.transfer,
  PATH.wallet,
  PATH.addBankCard,
  PATH.addUsdtCard,
  PATH.usdtmore,
  PATH.transRecord,
  PATH.betRecord,
  PATH.message,
  PATH.kefu,
  PATH.password,
  PATH.login,
  PATH.register,
  PATH.abouts,
  PATH.boutBallBet,
  PATH.boutBallBetInfo,
]);

/**
 * Under a time-out or self-exclusion the app offers only the withdrawal pages: any other route
 * leads to 负责任博彩, which shows the remaining term. (The server refuses the money calls anyway.)
 */
export function RestrictionGate() {
  const restricted = Boolean(useProtectionState().data?.restriction);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (restricted && !OPEN_WHILE_RESTRICTED.has(pathname)) navigate(PATH.protection, { replace: true });
  }, [restricted, pathname, navigate]);
  return null;
}
