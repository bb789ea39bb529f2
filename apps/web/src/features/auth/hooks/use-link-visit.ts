import { useEffect } from 'react';
import { isReferred, type Referral } from '@/shared/routes/referral';
import { reportLinkVisit } from '../api/link-visit';

/** Reports the visit of the agent's link the page was opened by (once per page load). */
export function useLinkVisit(referral: Referral): void {
  const { pid, referrer } = referral;
  useEffect(() => {
    if (isReferred({ pid, referrer })) reportLinkVisit({ pid, referrer });
  }, [pid, referrer]);
}
