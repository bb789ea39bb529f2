import { randomInt } from 'node:crypto';
import { MSG } from '@app/contract/messages';
import { amountToCents, centsToAmount } from '@app/contract/money';
import type { Page } from '@app/contract/paging';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import type { RedPacketInfo } from '@app/contract/rewards';
import { beijingDay, startOfBeijingDay, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/ledger';
import { refused } from '../../lib/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { type Authenticated, confirmSession } from '../auth/service';
import { approvedDepositsBetween } from '../deposits/service';
import { validBetTotal } from '../games/service';
import { assertNotRestricted } from '../protection/service';
import { readSetting, redPacketSetting, siteSetting } from '../settings/service';
import { changeTurnover } from '../turnover/service';
import * as repo from './repository';

const HOUR = 3_600_000;
const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Today's counting period in Beijing time: deposits and valid bets from 12:00 the day before to
 * 10:00 today decide today's grabs (spec section 9).
 */
function countingPeriod(now: Date) {
  const today = startOfBeijingDay(now).getTime();
  return { from: new Date(today - 12 * HOUR), to: new Date(today + 10 * HOUR) };
}

/** Where Beijing time stands against the grab window of the rules (10:00-12:00 by default). */
function windowState(now: Date, rules: { start_time: string; end_time: string }[]) {
  const minute = Math.floor((now.getTime() - startOfBeijingDay(now).getTime()) / 60_000);
  const opens = Math.min(...rules.map((r) => minutesOf(r.start_time)));
  const closes = Math.max(...rules.map((r) => minutesOf(r.end_time)));
  if (rules.length === 0 || minute < opens) return 'not_started' as const;
  return minute >= closes ? ('ended' as const) : ('open' as const);
}

async function standing(ctx: AppContext, userId: number) {
  const now = ctx.clock.now();
  const { rules } = await readSetting(ctx.db, redPacketSetting);
  const { from, to } = countingPeriod(now);
  const recharge = await approvedDepositsBetween(ctx.db, userId, from, to);
  const turnover = await validBetTotal(ctx.db, userId, { from, to });
  const day = beijingDay(now);
  const taken = new Set(await repo.rulesGrabbed(ctx.db, userId, day));
  const qualifying = rules
    .map((rule, index) => ({ rule, index }))
    .filter(
      ({ rule }) =>
        recharge >= (amountToCents(rule.recharge) ?? 0n) && turnover >= (amountToCents(rule.day_flow) ?? 0n),
    );
  return { now, day, rules, recharge, turnover, taken, qualifying, window: windowState(now, rules) };
}

/** The red-packet summary (spec GET /api/userredpacket). */
export async function redPacketInfo(ctx: AppContext, userId: number): Promise<RedPacketInfo> {
  const s = await standing(ctx, userId);
  const left = s.qualifying.filter(({ index }) => !s.taken.has(index)).length;
  return {
    sendnums: s.window === 'ended' ? 0 : left,
    acquirednum: s.taken.size,
    max_times: s.rules.length,
    rules: s.rules,
    recharge: centsToAmount(s.recharge),
    flow: centsToAmount(s.turnover),
    window: s.window,
  };
}

/**
 * A grab: inside the window, while the switch is on, for a rule the player qualifies for and has
 * not grabbed today. The rule's row is claimed first (unique per player, day and rule), so that
 * concurrent grabs never take more than the rules allow; the random amount then moves from the
 * red-packet expense account with a 1x turnover requirement, in the same transaction. A request
 * grabs once: its key is on its grab, and a retry of it is answered with that grab.
 */
export async function grabRedPacket(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  requestKey?: string,
): Promise<{ redpacketmoney: number }> {
  const earlier = requestKey && (await grabOfRequest(ctx, userId, requestKey));
  if (earlier) return earlier;
  await assertNotRestricted(ctx, userId, 'redPacket');
  const site = await readSetting(ctx.db, siteSetting);
  if (site.redpacket_switch !== 1) throw refused(MSG.redPacketClosed);
  const s = await standing(ctx, userId);
  if (s.window === 'not_started') throw refused(REWARD_SERVER_MSG.notStarted);
  if (s.window === 'ended') throw refused(REWARD_SERVER_MSG.ended);
  // Rules grabbed today: before this call, or by a grab running beside it.
  let grabbed = s.taken.size;
  for (const { rule, index } of s.qualifying) {
    if (s.taken.has(index)) continue;
    const min = amountToCents(rule.min_money) ?? 1n;
    const max = amountToCents(rule.flow_money) ?? min;
    const amount = min + BigInt(randomInt(0, Number(max - min) + 1));
    const grabbing = ctx.db.transaction(async (tx) => {
      await confirmSession(ctx, tx, sessionId);
      const grab = await repo.insertGrab(tx, {
        userId,
        day: s.day,
        rule: index,
        deposits: s.recharge,
        amount,
        grabbedAt: s.now,
        requestKey: requestKey ?? null,
      });
      if (!grab) return false;
      const key = `red-packet:${userId}:${s.day}:${index}`;
      await ctx.ledger.credit(
        {
          key,
          from: HouseAccount.redPacketExpense,
          to: { central: userId },
          amount,
          kind: 'red_packet',
          ref: { type: 'red_packet', id: String(grab.id) },
        },
        tx,
      );
      await changeTurnover(tx, userId, amount, 'red_packet', key);
      return true;
    });
    // The same request, run again concurrently, grabbed first (its key is taken): answer its grab.
    const won = await grabbing.catch(async (error: unknown) => {
      const first = requestKey && (await grabOfRequest(ctx, userId, requestKey));
      if (!first) throw error;
      return first;
    });
    if (won === true) return { redpacketmoney: centsToAmount(amount) };
    if (won) return won;
    grabbed++;
  }
  throw refused(exhaustedMessage(grabbed, s.rules.length));
}

/** Why a player with no grab left in an open window cannot grab: never qualified, or grabbed theirs. */
function exhaustedMessage(grabbed: number, rules: number): string {
  if (grabbed === 0) return REWARD_MSG.notEligible;
  return grabbed >= rules ? REWARD_SERVER_MSG.allGrabbed : REWARD_SERVER_MSG.reachedGrabbed;
}

async function grabOfRequest(ctx: AppContext, userId: number, requestKey: string) {
  const amount = await repo.grabbedByRequest(ctx.db, userId, requestKey);
  return amount === undefined ? undefined : { redpacketmoney: centsToAmount(amount) };
}

/** The player's grabs, newest first (spec POST /api/redpacket). */
export async function redPacketRecords(
  ctx: AppContext,
  userId: number,
  page: number,
): Promise<Page<{ money: number; redpacketmoney: number; created_at: string; usetime: string }>> {
  const { total, rows } = await repo.grabPage(ctx.db, userId, RECORDS_PAGE_SIZE, pageOffset(page));
  return pageOf(
    page,
    total,
    rows.map((g) => ({
      money: centsToAmount(g.deposits),
      redpacketmoney: centsToAmount(g.amount),
      created_at: toBeijingString(g.grabbedAt),
      usetime: toBeijingString(g.grabbedAt),
    })),
  );
}
