import type { VipLevel } from '@app/contract/content';

const RATES = [0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8, 0.9, 1, 1.2];

/** The ten VIP levels; the player reaches the first `reached` of them. */
export const vipLevels = (reached = 0): VipLevel[] =>
  RATES.map((rate, i) => ({
    level: i + 1,
    name: `VIP${i + 1}`,
    recharge: i === 0 ? 0 : 1000 * 5 ** (i - 1),
    flow: i === 0 ? 0 : 10000 * 5 ** (i - 1),
    retention: i === 0 ? 0 : 5000 * i,
    realperson: rate,
    sport: rate,
    e_sport: rate,
    joker: rate,
    electron: Number((rate + 0.1).toFixed(2)),
    lottery: Number((rate - 0.1).toFixed(2)),
    reached: i < reached ? 1 : 0,
    my_recharge: reached > 0 ? 1500 : 0,
    my_flow: reached > 0 ? 12000 : 0,
  }));
