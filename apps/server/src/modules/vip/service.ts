import type { VipLevel } from '@app/contract/content';
import { centsToAmount } from '@app/contract/money';
import type { AppContext } from '../../context';
import { validBetTotal } from '../games/service';
import { depositTotalOf } from '../players/service';
import { vipLevelsInOrder } from '../settings/service';

const percent = (basisPoints: number) => basisPoints / 100;

/** The ten levels with their requirements and rebate rates (percent), and which the player reaches. */
export async function vipLadder(ctx: AppContext, userId: number | undefined): Promise<VipLevel[]> {
  const levels = await vipLevelsInOrder(ctx.db);
  const mine =
    userId === undefined
      ? { recharge: 0n, flow: 0n }
      : { recharge: await depositTotalOf(ctx.db, userId), flow: await validBetTotal(ctx.db, userId) };
  return levels.map((l) => ({
    level: l.level,
    name: l.name,
    recharge: centsToAmount(l.recharge),
    flow: centsToAmount(l.flow),
    retention: centsToAmount(l.retentionFlow),
    realperson: percent(l.rebateRealperson),
    sport: percent(l.rebateSport),
    e_sport: percent(l.rebateESport),
    joker: percent(l.rebateJoker),
    electron: percent(l.rebateElectron),
    lottery: percent(l.rebateLottery),
    reached: userId !== undefined && mine.recharge >= l.recharge && mine.flow >= l.flow ? 1 : 0,
    my_recharge: centsToAmount(mine.recharge),
    my_flow: centsToAmount(mine.flow),
  }));
}

// The public surface other modules use.
export { evaluateVip } from './evaluate';
