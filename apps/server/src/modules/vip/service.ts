import type { VipLevel } from '@app/contract/content';
import { centsToAmount } from '@app/contract/money';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { bets } from '../../db/schema/games';
import { vipLevels } from '../../db/schema/reference';
import { users } from '../../db/schema/users';

const percent = (basisPoints: number) => basisPoints / 100;

/** A player's cumulative deposit and turnover (valid settled bets), in cents. */
export async function playerProgress(
  q: Queryable,
  userId: number,
): Promise<{ recharge: bigint; flow: bigint }> {
  const [user] = await q.select({ recharge: users.depositTotal }).from(users).where(eq(users.id, userId));
  const [turnover] = await q
    .select({ flow: sql<string>`coalesce(sum(${bets.validAmount}), 0)::text` })
    .from(bets)
    .where(sql`${bets.userId} = ${userId} AND ${bets.status} = 1`);
  return { recharge: user?.recharge ?? 0n, flow: BigInt(turnover?.flow ?? '0') };
}

/** The ten levels with their requirements and rebate rates (percent), and which the player reaches. */
export async function vipLadder(ctx: AppContext, userId: number | undefined): Promise<VipLevel[]> {
  const levels = await ctx.db.select().from(vipLevels).orderBy(asc(vipLevels.level));
  const mine = userId === undefined ? { recharge: 0n, flow: 0n } : await playerProgress(ctx.db, userId);
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
