/** Status codes of spec section 4. */
export const BetStatus = { invalid: 0, settled: 1, unsettled: 2 } as const;
export const ReviewState = { undefined: 0, pending: 1, approved: 2, rejected: 3 } as const;
export const TransferState = { failed: 0, success: 1, awaitingSettlement: 2, undefined: 3 } as const;
export const ApplicationState = { pending: 1, approved: 2, rejected: 3 } as const;
export const TransferMode = { manual: 0, automatic: 1 } as const;
/** Spec 9's transaction types, and 5: an agent's commission paid (the agent programme, COMMISSION_LABEL). */
export const TransactionType = {
  deposit: 1,
  withdrawal: 2,
  transferIn: 3,
  transferOut: 4,
  commission: 5,
} as const;
/** Rebate records (getfanshui `state`): claimable, or claimed into the central wallet. */
export const RebateState = { unclaimed: 0, claimed: 1 } as const;

/** States the spec does not number, kept by the server and shown in the console. */
export const PlayerStatus = { frozen: 0, active: 1 } as const;
export const OperatorStatus = { disabled: 0, active: 1 } as const;
/** A game in the lobby (the console's 显示 column). */
export const GameState = { hidden: 0, shown: 1 } as const;
/** The site's switch (UserInfo.site_state): 0 maintenance, 1 open. */
export const SiteState = { maintenance: 0, open: 1 } as const;
