import type { Queryable } from '../db/client';
import { banks, payChannels, vipLevels } from '../db/schema/reference';
import { venues } from '../db/schema/wallet';
import {
  depositSetting,
  redPacketSetting,
  siteSetting,
  withdrawFeeSetting,
} from '../modules/settings/definitions';
import { seedSetting } from '../modules/settings/repository';
import { seedGames } from './games';

const yuan = (n: number) => BigInt(n) * 100n;

/** Level, cumulative deposit, turnover, retention turnover (per 90 days), rebate rates in basis points. */
const VIP_LADDER: [number, number, number, number, [number, number, number, number, number, number]][] = [
  [1, 0, 0, 0, [40, 40, 40, 40, 50, 30]],
  [2, 1_000, 10_000, 5_000, [45, 45, 45, 45, 55, 35]],
  [3, 5_000, 50_000, 20_000, [50, 50, 50, 50, 60, 40]],
  [4, 20_000, 200_000, 80_000, [55, 55, 55, 55, 70, 45]],
  [5, 50_000, 500_000, 200_000, [60, 60, 60, 60, 80, 50]],
  [6, 100_000, 1_000_000, 400_000, [70, 70, 70, 70, 90, 55]],
  [7, 300_000, 3_000_000, 1_000_000, [80, 80, 80, 80, 100, 60]],
  [8, 800_000, 8_000_000, 2_500_000, [90, 90, 90, 90, 110, 70]],
  [9, 2_000_000, 20_000_000, 6_000_000, [100, 100, 100, 100, 120, 80]],
  [10, 5_000_000, 50_000_000, 15_000_000, [120, 120, 120, 120, 140, 100]],
];

const BANKS = [
  '中国工商银行',
  '中国建设银行',
  '中国农业银行',
  '中国银行',
  '交通银行',
  '招商银行',
  '中国邮政储蓄银行',
  '兴业银行',
  '中信银行',
  '浦发银行',
  '民生银行',
  '光大银行',
  '平安银行',
  '华夏银行',
  '广发银行',
];

/** Spec section 9's channels; online ranges and fixed lists in whole units as the spec states them. */
const PAY_CHANNELS: (typeof payChannels.$inferInsert)[] = [
  { code: 'usdt', name: 'USDT', kind: 'usdt', amountRule: { type: 'range', min: 100, max: 10000 }, sort: 1 },
  {
    code: 'card',
    name: '银行卡',
    kind: 'bank',
    amountRule: { type: 'range', min: 100, max: 10000 },
    sort: 2,
  },
  {
    code: 'wechat',
    name: '微信',
    kind: 'online',
    amountRule: { type: 'range', min: 200, max: 2000 },
    sort: 3,
  },
  {
    code: 'pipay',
    name: '支付宝',
    kind: 'online',
    amountRule: { type: 'fixed', values: [100, 200, 300, 500, 800, 1000, 2000, 3000] },
    sort: 4,
  },
  {
    code: 'dcep',
    name: '数字人民币',
    kind: 'online',
    amountRule: { type: 'range', min: 100, max: 5000 },
    sort: 5,
  },
  {
    code: 'qqpay',
    name: 'QQ钱包',
    kind: 'online',
    amountRule: { type: 'range', min: 100, max: 200 },
    sort: 6,
  },
  {
    code: 'unionpay',
    name: '云闪付',
    kind: 'online',
    amountRule: { type: 'fixed', values: [30, 50] },
    sort: 7,
  },
];

/**
 * Game venues: the four electronic platforms of the spec and one for each other category, each
 * served by the in-process demo provider.
 */
const VENUES: (typeof venues.$inferInsert)[] = [
  { code: 'obgdy', name: 'OB电子', category: 'concise', sort: 1 },
  { code: 'fgdz', name: 'FG电子', category: 'concise', sort: 2 },
  { code: 'pp', name: 'PP电子', category: 'concise', sort: 3 },
  { code: 'ae', name: 'AE电子', category: 'concise', sort: 4 },
  { code: 'obzr', name: 'OB真人', category: 'realbet', sort: 5 },
  { code: 'obty', name: 'OB体育', category: 'sport', sort: 6 },
  { code: 'obdj', name: 'OB电竞', category: 'gaming', sort: 7 },
  { code: 'obqp', name: 'OB棋牌', category: 'joker', sort: 8 },
  { code: 'obcp', name: 'OB彩票', category: 'lottery', sort: 9 },
  { code: 'obby', name: 'OB捕鱼', category: 'fishing', sort: 10 },
];

/** Data every installation needs. Idempotent: rows an operator already has are left as they are. */
export async function seedReference(q: Queryable): Promise<void> {
  await seedSetting(q, siteSetting);
  await seedSetting(q, withdrawFeeSetting);
  await seedSetting(q, depositSetting);
  await seedSetting(q, redPacketSetting);
  await q
    .insert(vipLevels)
    .values(
      VIP_LADDER.map(([level, recharge, flow, retention, r]) => ({
        level,
        name: `VIP${level}`,
        recharge: yuan(recharge),
        flow: yuan(flow),
        retentionFlow: yuan(retention),
        rebateRealperson: r[0],
        rebateSport: r[1],
        rebateESport: r[2],
        rebateJoker: r[3],
        rebateElectron: r[4],
        rebateLottery: r[5],
      })),
    )
    .onConflictDoNothing();
  await q
    .insert(banks)
    .values(BANKS.map((bankName, i) => ({ bankName, sort: i + 1 })))
    .onConflictDoNothing();
  await q.insert(payChannels).values(PAY_CHANNELS).onConflictDoNothing();
  await q.insert(venues).values(VENUES).onConflictDoNothing();
  await seedGames(q);
}
