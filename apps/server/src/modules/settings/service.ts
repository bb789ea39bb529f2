/**
 * The settings module's public façade: the operator-configured values every module reads. The
 * console's configuration pages (operator-routes.ts, configuration.ts) stay inside the module.
 */

/** Merges a patch into the site's settings (the local admin's first-run setup). */
export { patchSite } from './configuration';
/** The VIP levels with their requirements and rebate rates, lowest first. */
/** The payment channels as configured (code, name, kind, order, amount rule), in their order. */
export { channels as payChannels, vipRows as vipLevelsInOrder } from './configuration-repository';
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
