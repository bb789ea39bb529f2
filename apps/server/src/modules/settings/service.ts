/**
 * The settings module's public façade: the operator-configured values every module reads. The
 * console's configuration pages (operator-routes.ts, configuration.ts) stay inside the module.
 */

/** Merges a patch into the site's settings (the local admin's first-run setup). */
export { patchSite } from './configuration';
export {
  /** A payment channel's row by code (a deposit's channel), and every channel's row in their order. */
  type ChannelRow as PayChannelRow,
  channelRows as payChannelRows,
  /** The payment channels as configured (code, name, kind, order, amount rule), in their order. */
  channels as payChannels,
  /** The payment channels named, by code (a list names its orders' channels after its page). */
  channelsByCodes as payChannelsByCodes,
  /** The enabled receiving accounts of a kind in their order, and one account by id (an order's). */
  enabledReceivingAccounts,
  findChannel as findPayChannel,
  findReceivingAccount,
  /** The VIP levels with their requirements and rebate rates, lowest first. */
  vipRows as vipLevelsInOrder,
} from './configuration-repository';
/** The definitions of the stored settings (key, zod schema, default), read with readSetting. */
export {
  cardWaitSetting,
  depositSetting,
  redPacketSetting,
  reviewSetting,
  type SettingDefinition,
  siteSetting,
  siteSettingPatch,
  withdrawFeeSetting,
  withdrawLimitSetting,
} from './definitions';
/** Reads a setting (its default when unset), writes or replaces it inside the caller's transaction. */
export { readSetting, replaceSetting, writeSetting } from './repository';
