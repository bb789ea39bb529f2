import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoVenueOrders, demoVenueWallets } from '../../db/schema/demo-venue';
import { run, statement } from '../../db/statements';
import type { Clock } from '../../lib/clock';
import {
  type VenueBet,
  type VenuePlayer,
  type VenueProvider,
  VenueRefusedError,
  VenueTimeoutError,
} from '../provider';
import { DemoGamePlay } from './games/play';
import { venuePlayerId } from './games/players';
import { DemoGameSessions } from './games/sessions';

/**
 * Faults the demo venue can be told to show, to prove the platform's two-phase transfers:
 * refuse outright, apply and then not answer, or not answer without applying.
 */
export type DemoFault = 'none' | 'fail' | 'timeout_after_apply' | 'timeout_before_apply';

export interface DemoVenueBehaviour {
  /** Added to every call, in milliseconds. */
  latencyMs: number;
  /** The fault of the next transfer calls, by direction. */
  fault: (direction: 'in' | 'out', venue: string) => DemoFault;
}

// The venue's own statements, with fixed text (prepared once per connection on PostgreSQL).
const balancesOf = statement(
  'demo_venue_balances',
  `SELECT venue, balance::text AS balance FROM demo_venue_wallets
    WHERE player = $1::varchar AND venue = ANY($2::varchar[])`,
);

/** A credit creates the wallet if needed; the order is recorded once and the wallet moves with it. */
const credit = statement(
  'demo_venue_credit',
  `WITH o AS (INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount)
      VALUES ($1::varchar, $2::varchar, $3::varchar, 'in', $4::bigint) ON CONFLICT DO NOTHING RETURNING order_no)
    INSERT INTO demo_venue_wallets (venue, player, balance) SELECT $2::varchar, $3::varchar, $4::bigint FROM o
    ON CONFLICT (venue, player) DO UPDATE SET balance = demo_venue_wallets.balance + EXCLUDED.balance`,
);

/** A debit happens only while the wallet holds the amount; the order is recorded only if it did. */
const debit = statement(
  'demo_venue_debit',
  `WITH
    w AS (UPDATE demo_venue_wallets SET balance = balance - $4::bigint
          WHERE venue = $2::varchar AND player = $3::varchar AND balance >= $4::bigint
            AND NOT EXISTS (SELECT 1 FROM demo_venue_orders WHERE order_no = $1::varchar)
          RETURNING 1),
    o AS (INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount)
          SELECT $1::varchar, $2::varchar, $3::varchar, 'out', $4::bigint WHERE EXISTS (SELECT 1 FROM w) RETURNING 1)
    SELECT (SELECT count(*) FROM o)::int AS moved,
           EXISTS (SELECT 1 FROM demo_venue_orders WHERE order_no = $1::varchar) AS known`,
);

/**
 * The in-process demo venue: it keeps its own wallets and applied orders, in its own tables and
 * its own transactions, exactly as an outside provider would behind its API.
 */
export class DemoVenueProvider implements VenueProvider {
  readonly name = 'demo';
  behaviour: DemoVenueBehaviour = { latencyMs: 0, fault: () => 'none' };
  /** The venue's game tables and its launch links and sessions. */
  readonly play: DemoGamePlay;
  readonly sessions: DemoGameSessions;

  constructor(
    private readonly db: Db,
    secret: string,
    clock: Clock,
  ) {
    this.play = new DemoGamePlay(db);
    this.sessions = new DemoGameSessions(db, secret, clock);
  }

  async launchUrl(venue: string, player: VenuePlayer, gameCode: string): Promise<string> {
    await this.latency();
    const token = this.sessions.launchToken({ venue, player: venuePlayerId(player), gameCode });
    return `/venue/demo/launch?token=${encodeURIComponent(token)}`;
  }

  betsSince(cursor: bigint, limit: number): Promise<{ bets: VenueBet[]; cursor: bigint }> {
    return this.play.betsSince(cursor, limit);
  }

  private async latency(): Promise<void> {
    if (this.behaviour.latencyMs > 0) await new Promise((r) => setTimeout(r, this.behaviour.latencyMs));
  }

  async ensurePlayer(venue: string, player: VenuePlayer): Promise<void> {
    await this.latency();
    await this.db
      .insert(demoVenueWallets)
      .values({ venue, player: venuePlayerId(player) })
      .onConflictDoNothing();
  }

  async balances(venues: readonly string[], player: VenuePlayer): Promise<Map<string, bigint>> {
    await this.latency();
    const rows = venues.length === 0 ? [] : await run(this.db, balancesOf, [venuePlayerId(player), venues]);
    const result = new Map<string, bigint>(venues.map((v) => [v, 0n]));
    for (const row of rows) result.set(String(row.venue), BigInt(String(row.balance)));
    return result;
  }

  transferIn(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void> {
    return this.transfer('in', venue, player, orderNo, amount);
  }

  transferOut(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void> {
    return this.transfer('out', venue, player, orderNo, amount);
  }

  async findTransfer(venue: string, orderNo: string): Promise<'applied' | 'absent'> {
    await this.latency();
    const [row] = await this.db
      .select({ orderNo: demoVenueOrders.orderNo })
      .from(demoVenueOrders)
      .where(and(eq(demoVenueOrders.orderNo, orderNo), eq(demoVenueOrders.venue, venue)));
    return row ? 'applied' : 'absent';
  }

  private async transfer(
    direction: 'in' | 'out',
    venue: string,
    player: VenuePlayer,
    orderNo: string,
    amount: bigint,
  ) {
    await this.latency();
    const fault = this.behaviour.fault(direction, venue);
    if (fault === 'fail') throw new VenueRefusedError('场馆维护中，请稍后再试');
    if (fault === 'timeout_before_apply') throw new VenueTimeoutError();
    await this.apply(direction, venue, venuePlayerId(player), orderNo, amount);
    if (fault === 'timeout_after_apply') throw new VenueTimeoutError();
  }

  /**
   * The order is recorded once and the wallet moves with it, in one statement each way: a credit
   * creates the wallet if needed; a debit happens only while the wallet holds the amount, and the
   * order is recorded only if the debit happened.
   */
  private async apply(
    direction: 'in' | 'out',
    venue: string,
    player: string,
    orderNo: string,
    amount: bigint,
  ) {
    const values = [orderNo, venue, player, amount.toString()];
    if (direction === 'in') {
      await run(this.db, credit, values);
      return;
    }
    let answer: { moved: number; known: boolean } | undefined;
    try {
      const [row] = await run(this.db, debit, values);
      answer = row && { moved: Number(row.moved), known: row.known === true };
    } catch (error) {
      // The same order applied concurrently: its twin's statement failed on the order's key, whole.
      if (isUniqueViolation(error)) return;
      throw error;
    }
    if (answer?.moved === 1 || answer?.known) return;
    throw new VenueRefusedError('场馆余额不足');
  }
}

/** PostgreSQL's unique_violation, whether the driver's error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) =>
    typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
