import type { Referral } from '@app/contract/auth-rules';

export type { Referral };

/** An agent's registration link in a query (pid, referrer, referrer_node); empty values left out. */
export function referralOf(params: URLSearchParams): Referral {
  const value = (name: keyof Referral) => params.get(name)?.trim() || undefined;
  return { pid: value('pid'), referrer: value('referrer'), referrer_node: value('referrer_node') };
}

/** Whether a referral names an agent or one of their links. */
export const isReferred = (r: Referral) => Boolean(r.pid || r.referrer);
