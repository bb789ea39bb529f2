import { SERVER_MSG } from '@app/contract/messages';
import { amountToCents, centsToAmount } from '@app/contract/money';
import { TransferMode } from '@app/contract/status';
import { CENTRAL_WALLET, WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { badInput, refused } from '../../lib/errors';
import type { Venue } from '../../venues/registry';
import type { Authenticated } from '../auth/service';
import { setTransferStatus as switchTransferStatus, transferStatusOf } from '../players/service';
import { assertMayPlay } from '../protection/service';
import * as repo from './repository';
import {
  CentralNotCoveredError,
  resumeTransfer,
  type TransferOutcome,
  transferAtVenue,
} from './venue-transfers';

/** Every enabled venue with the player's balance there (spec Venue balance: name, platname, balance). */
export async function balanceList(ctx: AppContext, userId: number) {
  const rows = await ctx.venues.balances({ userId });
  return rows.map(({ venue, balance }) => ({
    name: venue.name,
    platname: venue.code,
    balance: centsToAmount(balance),
  }));
}

/** The sum of the player's venue balances (UserInfo.gameblance), in cents. */
export async function venueTotal(ctx: AppContext, userId: number): Promise<bigint> {
  const rows = await ctx.venues.balances({ userId });
  return rows.reduce((sum, r) => sum + r.balance, 0n);
}

function describe(outcome: TransferOutcome): string {
  if (outcome.state === 'success') return WALLET_SERVER_MSG.transferDone;
  if (outcome.state === 'pending') return WALLET_SERVER_MSG.transferPending;
  throw refused(WALLET_SERVER_MSG.transferFailed(outcome.reason));
}

async function venueOrRefuse(ctx: AppContext, code: string): Promise<Venue> {
  const venue = await ctx.venues.open(code);
  if (!venue) throw badInput(WALLET_SERVER_MSG.venueUnknown);
  return venue;
}

/**
 * POST /api/transfer: one side is the central wallet (the schema refused venue to venue). A retry
 * of a request that made its transfer before is answered by that transfer, whatever the wallets
 * hold now.
 */
export async function transfer(
  ctx: AppContext,
  player: Authenticated,
  input: { amount: number; source: string; target: string },
  requestKey?: string,
) {
  const { userId } = player;
  const cents = amountToCents(input.amount);
  if (cents === null || cents <= 0n) throw badInput(WALLET_MSG.transferAmount);
  const inward = input.source === CENTRAL_WALLET;
  const venue = await venueOrRefuse(ctx, inward ? input.target : input.source);
  const [earlier] = requestKey ? await repo.transfersByRequest(ctx.db, userId, requestKey) : [];
  if (earlier) return describe(await resumeTransfer(ctx, earlier));
  if (inward) {
    await assertMayPlay(ctx, userId, 'transferIn');
    try {
      return describe(await transferAtVenue(ctx, 'in', player, venue, cents, requestKey));
    } catch (error) {
      if (error instanceof CentralNotCoveredError) throw refused(WALLET_SERVER_MSG.overBalance);
      throw error;
    }
  }
  const held = (await ctx.venues.providerOf(venue).balances([venue.code], { userId })).get(venue.code) ?? 0n;
  if (held < cents) throw refused(WALLET_SERVER_MSG.overVenueBalance);
  return describe(await transferAtVenue(ctx, 'out', player, venue, cents, requestKey));
}

/**
 * POST /api/transall: every venue balance back to the central wallet; failures named, nothing lost.
 * A retry of the request answers the transfers it made before and recovers only the venues it had
 * not reached.
 */
export async function recoverAll(
  ctx: AppContext,
  player: Authenticated,
  requestKey?: string,
): Promise<string> {
  const { userId } = player;
  const earlier = requestKey ? await repo.transfersByRequest(ctx.db, userId, requestKey) : [];
  const resumed = await Promise.all(
    earlier.map(async (record) => ({
      name: (await ctx.venues.find(record.venue))?.name ?? record.venue,
      outcome: await resumeTransfer(ctx, record),
    })),
  );
  const reached = new Set(earlier.map((r) => r.venue));
  const held = (await ctx.venues.balances({ userId })).filter(
    (r) => r.balance > 0n && !reached.has(r.venue.code),
  );
  if (held.length === 0 && resumed.length === 0) return SERVER_MSG.recoverNothing;
  // A venue in maintenance keeps what it holds until it reopens.
  const paused = held.filter((r) => r.venue.maintenance).map((r) => `${r.venue.name}(维护中)`);
  const outcomes = await Promise.all(
    held
      .filter((r) => !r.venue.maintenance)
      .map(async ({ venue, balance }) => ({
        name: venue.name,
        outcome: await transferAtVenue(ctx, 'out', player, venue, balance, requestKey),
      })),
  );
  const problems = [...resumed, ...outcomes]
    .filter(({ outcome }) => outcome.state !== 'success')
    .map(({ name, outcome }) => `${name}(${outcome.state === 'failed' ? outcome.reason : '处理中'})`)
    .concat(paused);
  return problems.length === 0 ? SERVER_MSG.recoverDone : SERVER_MSG.recoverPartial(problems.join('、'));
}

/** POST /api/uptransferstatus: switching on moves nothing by itself; launching a game does. */
export async function setTransferStatus(ctx: AppContext, userId: number, status: number): Promise<string> {
  await switchTransferStatus(ctx.db, userId, status);
  return WALLET_MSG.switched;
}

/**
 * For game launch with automatic transfer on: the whole central balance goes into the venue.
 * Answers what happened; with an empty central wallet nothing moves.
 */
export async function moveCentralToVenue(
  ctx: AppContext,
  player: Authenticated,
  venueCode: string,
): Promise<TransferOutcome | null> {
  const { userId } = player;
  if ((await transferStatusOf(ctx.db, userId)) !== TransferMode.automatic) return null;
  const venue = await venueOrRefuse(ctx, venueCode);
  const balance = await ctx.ledger.balance({ central: userId });
  if (balance <= 0n) return null;
  try {
    return await transferAtVenue(ctx, 'in', player, venue, balance);
  } catch (error) {
    // The balance changed between reading and moving it (a concurrent withdrawal): move nothing.
    if (error instanceof CentralNotCoveredError) return null;
    throw error;
  }
}

// The public surface other modules use.
export {
  reconcileVenueTransfer,
  reconcileVenueTransfers,
  VENUE_CALL_TIMEOUT_MS,
  venueTransferState,
} from './venue-transfers';
