/** The public surface other modules use. */
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
export { readSetting, replaceSetting, writeSetting } from './repository';
