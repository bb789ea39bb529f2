/** Status codes of spec section 4. */
export const BetStatus = { invalid: 0, settled: 1, unsettled: 2 } as const;
export const ReviewState = { undefined: 0, pending: 1, approved: 2, rejected: 3 } as const;
export const TransferState = { failed: 0, success: 1, awaitingSettlement: 2, undefined: 3 } as const;
export const ApplicationState = { pending: 1, approved: 2, rejected: 3 } as const;
export const TransferMode = { manual: 0, automatic: 1 } as const;
export const TransactionType = { deposit: 1, withdrawal: 2, transferIn: 3, transferOut: 4 } as const;
/** Rebate records (getfanshui `state`): claimable, or claimed into the central wallet. */
export const RebateState = { unclaimed: 0, claimed: 1 } as const;
