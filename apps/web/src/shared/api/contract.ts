/**
 * The contract's zod schemas, loaded beside the first call that checks an answer with them rather
 * than with the first page: zod is about 19 KB gzip, an eighth of the home page's JavaScript.
 * Import types and zod-free helpers from the contract directly; import its schemas through here.
 */
const userContract = () => import('@app/contract/user');
const walletContract = () => import('@app/contract/wallet');

export const schemas = {
  appInfo: () => userContract().then((m) => m.appInfoSchema),
  userInfo: () => userContract().then((m) => m.userInfoSchema),
  balance: () => userContract().then((m) => m.balanceDataSchema),
  url: () => userContract().then((m) => m.urlDataSchema),
  venueBalances: () => walletContract().then((m) => m.venueBalanceSchema.array()),
  cards: () => walletContract().then((m) => m.cardSchema.array()),
  banks: () => walletContract().then((m) => m.bankSchema.array()),
  betAmount: () => walletContract().then((m) => m.betAmountSchema),
};
