import type { Game } from '@app/contract/games';
import type { AppInfo, UserInfo } from '@app/contract/user';
import type { DataSchema } from './client';

/**
 * The contract's zod schemas, loaded beside the first call that checks an answer with them rather
 * than with the first page: zod is about 21 KB gzip, a seventh of the home page's JavaScript.
 * Import types and zod-free helpers from the contract directly; import its schemas through here.
 */
const userContract = () => import('@app/contract/user');
const walletContract = () => import('@app/contract/wallet');
const paymentsContract = () => import('@app/contract/payments');
const gamesContract = () => import('@app/contract/games');

/**
 * For the answers of the first load (app info, user info, balance): the server checks each against
 * this same contract schema before sending it (its response serializer turns a mismatch into a 500,
 * never a malformed 200), so the app takes them as typed instead of loading zod to check them again.
 */
const checkedByServer = <T>(): DataSchema<T> => ({
  safeParse: (value) => ({ success: true, data: value as T }),
});

export const schemas = {
  appInfo: checkedByServer<AppInfo>(),
  userInfo: checkedByServer<UserInfo>(),
  balance: checkedByServer<{ balance: number }>(),
  /** The game list shows on home's first load, so it is taken as checked by the server too. */
  gameList: checkedByServer<Game[]>(),
  url: () => userContract().then((m) => m.urlDataSchema),
  venueBalances: () => walletContract().then((m) => m.venueBalanceSchema.array()),
  cards: () => walletContract().then((m) => m.cardSchema.array()),
  banks: () => walletContract().then((m) => m.bankSchema.array()),
  betAmount: () => walletContract().then((m) => m.betAmountSchema),
  payWay: () => paymentsContract().then((m) => m.payWaySchema),
  payRange: () => paymentsContract().then((m) => m.payRangeSchema),
  receivingAccounts: () => paymentsContract().then((m) => m.receivingAccountSchema.array()),
  rechargeResult: () => paymentsContract().then((m) => m.rechargeResultSchema),
  gatewayRechargeResult: () => paymentsContract().then((m) => m.gatewayRechargeResultSchema),
  payInfo: () => paymentsContract().then((m) => m.payInfoSchema),
  transRecordPage: () => paymentsContract().then((m) => m.transRecordPageSchema),
  conciseGames: () => gamesContract().then((m) => m.conciseGameSchema.array()),
  betRecordPage: () => gamesContract().then((m) => m.betRecordPageSchema),
};
