import { amountToCents } from '@app/contract/money';
import { BetStatus } from '@app/contract/status';
import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { demoVenueBets } from '../../../db/schema/demo-venue';
import { AppError, badInput } from '../../../lib/errors';
import { gameEngine } from '../../../modules/games/service';
import type { VenueBet } from '../../provider';
import { type BaccaratSide, baccaratSettle, dealHand } from './baccarat';
import { type DiceSide, diceSettle, roll } from './dice';
import { userIdOf } from './players';
import { cryptoDraw, type Draw } from './random';
import type { GameSession } from './sessions';
import { SLOT_STAKES, spin } from './slot';

export type Engine = 'slot' | 'baccarat' | 'dice';

/** A game session that expired, that the platform ended or that was never opened: the page must be opened again. */
export const GAME_SESSION_ENDED = '游戏会话已结束，请返回平台重新进入游戏';

/** The most a round may stake, in cents. */
const MAX_STAKE = 1_000_000n;

const money = z.number().nonnegative().max(10_000);
export const playBodySchemas = {
  slot: z.object({ stake: money }),
  baccarat: z.object({ player: money.default(0), banker: money.default(0), tie: money.default(0) }),
  dice: z.object({ big: money.default(0), small: money.default(0) }),
} as const;
export type PlayBody = z.infer<(typeof playBodySchemas)[Engine]>;

const cents = (amount: number) => {
  const c = amountToCents(amount);
  if (c === null) throw badInput('金额最多保留两位小数');
  return c;
};

interface Round {
  stake: bigint;
  valid: bigint;
  payout: bigint;
  detail: Record<string, unknown>;
}

/** Draws a round of the engine for the stakes; nothing is paid or recorded here. */
function drawRound(engine: Engine, body: PlayBody, draw: Draw): Round {
  if (engine === 'slot') {
    const stake = cents((body as { stake: number }).stake);
    if (!SLOT_STAKES.includes(stake as (typeof SLOT_STAKES)[number])) throw badInput('请选择有效的投注额');
    const round = spin(draw);
    return { stake, valid: stake, payout: stake * BigInt(round.multiple), detail: { ...round } };
  }
  if (engine === 'baccarat') {
    const b = body as Record<BaccaratSide, number>;
    const stakes = { player: cents(b.player), banker: cents(b.banker), tie: cents(b.tie) };
    const stake = stakes.player + stakes.banker + stakes.tie;
    if (stake <= 0n) throw badInput('请先下注');
    if (stake > MAX_STAKE) throw badInput('单局投注不能超过10000');
    const hand = dealHand(draw);
    const { payout, valid } = baccaratSettle(stakes, hand.winner);
    return { stake, valid, payout, detail: { ...hand, stakes: b } };
  }
  const b = body as Record<DiceSide, number>;
  const stakes = { big: cents(b.big), small: cents(b.small) };
  const stake = stakes.big + stakes.small;
  if (stake <= 0n) throw badInput('请先下注');
  if (stake > MAX_STAKE) throw badInput('单局投注不能超过10000');
  const round = roll(draw);
  return { stake, valid: stake, payout: diceSettle(stakes, round.result), detail: { ...round, stakes: b } };
}

export interface DemoGame {
  name: string;
  engine: Engine;
}

/**
 * The demo venue's tables: each round is drawn on the server, then in one statement the stake
 * leaves the player's venue wallet and the payout enters it, and the round is recorded; a wallet
 * that does not cover the stake changes nothing.
 */
export class DemoGamePlay {
  constructor(
    private readonly db: Db,
    private readonly draw: Draw = cryptoDraw,
  ) {}

  /** The venue's game by code; it serves the platform's catalogue. */
  async game(venue: string, gameCode: string): Promise<DemoGame | null> {
    return (await gameEngine(this.db, venue, gameCode)) ?? null;
  }

  async balance(session: GameSession): Promise<bigint> {
    const result = await this.db.execute(sql`SELECT balance::text AS balance FROM demo_venue_wallets
      WHERE venue = ${session.venue} AND player = ${session.player}`);
    const row = (result as unknown as { rows: { balance: string }[] }).rows[0];
    return BigInt(row?.balance ?? 0);
  }

  /** The player's net result at this venue (payouts less stakes) of rounds since `from`, in cents. */
  async netSince(session: GameSession, from: Date): Promise<bigint> {
    const result = await this.db.execute(sql`SELECT coalesce(sum(payout - stake), 0)::text AS net
      FROM demo_venue_bets WHERE player = ${session.player} AND created_at >= ${from}`);
    const row = (result as unknown as { rows: { net: string }[] }).rows[0];
    return BigInt(row?.net ?? 0);
  }

  /**
   * Plays a round at `at`: the venue's clock (the platform's injected one), which records the bet.
   * The round's statement share-locks its game session's row, so a session ended (deleted) before
   * it commits takes no round: 'ended'.
   */
  async play(session: GameSession, engine: Engine, body: PlayBody, at: Date) {
    const round = drawRound(engine, body, this.draw);
    const result = await this.db.execute(sql`WITH
      s AS MATERIALIZED (SELECT 1 FROM demo_venue_sessions WHERE id_hash = ${session.idHash} AND expires_at > ${at} FOR SHARE),
      w AS (UPDATE demo_venue_wallets SET balance = balance - ${round.stake} + ${round.payout}
            WHERE venue = ${session.venue} AND player = ${session.player} AND balance >= ${round.stake}
              AND EXISTS (SELECT 1 FROM s)
            RETURNING balance),
      b AS (INSERT INTO demo_venue_bets (venue, player, game_code, stake, valid, payout, detail, created_at)
            SELECT ${session.venue}, ${session.player}, ${session.gameCode}, ${round.stake}, ${round.valid},
                   ${round.payout}, ${JSON.stringify(round.detail)}::jsonb, ${at}
            WHERE EXISTS (SELECT 1 FROM w) RETURNING id)
      SELECT (SELECT balance FROM w)::text AS balance, (SELECT id FROM b) AS id, EXISTS (SELECT 1 FROM s) AS live`);
    const row = (
      result as unknown as {
        rows: { balance: string | null; id: string | number | null; live: boolean }[];
      }
    ).rows[0];
    if (!row?.live) throw new AppError(401, GAME_SESSION_ENDED);
    if (!row.balance) throw new AppError(422, '场馆余额不足，请先转入');
    return {
      betId: betIdOf(Number(row.id)),
      stake: round.stake,
      payout: round.payout,
      balance: BigInt(row.balance),
      detail: round.detail,
    };
  }

  /**
   * The venue's bet feed, complete by construction: rounds after `cursor` in the order of (txid,
   * id), and only rounds written by transactions older than every transaction still running (below
   * the snapshot's xmin). A round's id is handed out before its transaction commits, so ids alone
   * would let a round that commits late slip behind a cursor already past it; no transaction that
   * could still commit a round below that point exists, so nothing can appear behind the cursor.
   */
  async betsSince(cursor: string, limit: number): Promise<{ bets: VenueBet[]; cursor: string }> {
    const after = feedPosition(cursor);
    const rows = await this.db
      .select()
      .from(demoVenueBets)
      .where(
        sql`(${demoVenueBets.txid}, ${demoVenueBets.id}) > (${after.txid}::xid8, ${after.id}::bigint)
          AND ${demoVenueBets.txid} < pg_snapshot_xmin(pg_current_snapshot())`,
      )
      .orderBy(asc(demoVenueBets.txid), asc(demoVenueBets.id))
      .limit(limit);
    const bets = rows.map((r) => ({
      venue: r.venue,
      betId: betIdOf(r.id),
      userId: userIdOf(r.player),
      gameCode: r.gameCode,
      stake: r.stake,
      valid: r.valid,
      winLoss: r.payout - r.stake,
      status: BetStatus.settled,
      placedAt: r.createdAt,
      settledAt: r.createdAt,
    }));
    const last = rows[rows.length - 1];
    return { bets, cursor: last ? `${last.txid}:${last.id}` : cursor };
  }
}

/** Where a cursor of the feed stands: after the round (txid, id); '' is the start. */
export function feedPosition(cursor: string): { txid: string; id: number } {
  const [txid = '0', id = '0'] = cursor === '' ? [] : cursor.split(':');
  return { txid, id: Number(id) };
}

/** The venue's bet id of a round, as its feed and its game page show it. */
export const betIdOf = (id: number) => `DV${String(id).padStart(10, '0')}`;
