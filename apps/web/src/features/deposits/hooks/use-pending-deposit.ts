import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/shared/ui/feedback';
import { reloadWallet } from '@/shared/wallet/recover-all';
import { queryOrderPaid } from '../api/query-order';

/** Where the online deposit the player left for the gateway's checkout waits for its result (spec 4). */
export const PENDING_DEPOSIT_KEY = 'pendingDeposit';

export const storePendingDeposit = (orderNo: string) => localStorage.setItem(PENDING_DEPOSIT_KEY, orderNo);

/** One check at a time, however often the page shows (kept alive, or React's development double run). */
let checking = false;

/**
 * Spec 4 "Deposits": on each visit of /recharge, a stored online order is looked up with
 * /pay/api/queryOrderNo: 充值成功 (and fresh balances) or 充值失败, then it is forgotten. A network
 * failure keeps it for the next visit.
 */
export function usePendingDepositCheck() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const orderNo = localStorage.getItem(PENDING_DEPOSIT_KEY);
    if (!orderNo || checking) return;
    checking = true;
    queryOrderPaid(orderNo)
      .then((paid) => {
        localStorage.removeItem(PENDING_DEPOSIT_KEY);
        if (!paid) {
          toast.error(PAYMENT_MSG.failed);
          return;
        }
        toast.success(PAYMENT_MSG.paid);
        void reloadWallet(queryClient);
      })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, [queryClient]);
}
