import { centsToAmount, formatMoney } from '@app/contract/money';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { CATEGORY_NAMES, REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import { RebateState } from '@app/contract/status';
import { beijingDay, beijingDayStart, dateFilterStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/ledger';
import { refused } from '../../lib/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { type Authenticated, confirmSession } from '../auth/service';
import { changeTurnover } from '../turnover/service';
import * as repo from './repository';

/**
 * The day's rebates (the daily job): per player and game category, the valid settled bets of that
 * Beijing day times the rate of the player's VIP level for the category, rounded down to the cent.
 * Run again, it adds only what is still owed: a bet the feed delivered after the earlier run becomes
 * a further part for the day and category, at the rate of the day's first part, paying the rounded
 * total less what was already recorded. Concurrent runs compute the same part number; its unique key
 * keeps one.
 */
export async function computeRebates(ctx: AppContext, day: string): Promise<{ created: number }> {
  const from = beijingDayStart(day);
  const to = new Date(from.getTime() + 86_400_000);
  return { created: await repo.insertOwedRebates(ctx.db, day, from, to, ctx.clock.now()) };
}

/**
 * Claims every unclaimed rebate of the player into the central wallet (spec dofanshui), with a 1x
 * turnover requirement. The records turn claimed in the same transaction that pays them, so two
 * concurrent claims pay once: the second finds nothing left. The records keep the request's key: a
 * retry of the request is answered with what it claimed.
 */
export async function claimRebates(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  requestKey?: string,
): Promise<string> {
  if (requestKey) {
    const total = await repo.claimedByRequest(ctx.db, userId, requestKey);
    if (total > 0n) return REWARD_SERVER_MSG.claimed(formatMoney(centsToAmount(total)));
  }
  const paid = await ctx.db.transaction(async (tx) => {
    await confirmSession(ctx, tx, sessionId);
    const claimed = await repo.claimUnclaimed(tx, userId, ctx.clock.now(), requestKey ?? null);
    if (claimed.length === 0) return 0n;
    const total = claimed.reduce((sum, r) => sum + r.amount, 0n);
    const key = `rebate-claim:${Math.min(...claimed.map((r) => r.id))}`;
    await ctx.ledger.credit(
      {
        key,
        from: HouseAccount.rebateExpense,
        to: { central: userId },
        amount: total,
        kind: 'rebate',
        ref: { type: 'rebate', id: key },
      },
      tx,
    );
    await changeTurnover(tx, userId, total, 'rebate', key);
    return total;
  });
  if (paid === 0n) throw refused(REWARD_MSG.nothingToClaim);
  return REWARD_SERVER_MSG.claimed(formatMoney(centsToAmount(paid)));
}

/** The rebate centre (spec getfanshui): the records by filter, total claimed, claimable now. */
export async function rebateSummary(
  ctx: AppContext,
  userId: number,
  query: { days: number; page: number; category: string; state: number | undefined },
) {
  const { total, rows, sums } = await repo.rebatePage(
    ctx.db,
    {
      userId,
      fromDay: beijingDay(dateFilterStart(query.days, ctx.clock.now())),
      category: query.category === '' ? undefined : query.category,
      state:
        query.state === undefined
          ? undefined
          : query.state === RebateState.unclaimed
            ? RebateState.unclaimed
            : RebateState.claimed,
    },
    RECORDS_PAGE_SIZE,
    pageOffset(query.page),
  );
  return {
    list: pageOf(
      query.page,
      total,
      rows.map((r) => ({
        id: r.id,
        gamename: CATEGORY_NAMES[r.category] ?? r.category,
        day: r.day,
        valid_amount: centsToAmount(r.validAmount),
        rate: r.rate / 100,
        money: centsToAmount(r.amount),
        created_at: toBeijingString(r.createdAt),
        updated_at: r.claimedAt ? toBeijingString(r.claimedAt) : '',
        state: r.state,
      })),
    ),
    jisuan: centsToAmount(BigInt(sums?.claimed ?? 0)),
    nojisuan: centsToAmount(BigInt(sums?.claimable ?? 0)),
  };
}
