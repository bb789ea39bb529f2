import { Batcher } from '../../db/batch';
import type { Db } from '../../db/client';
import { demoVenueWallets } from '../../db/schema/demo-venue';
import { run, type Statement, statement } from '../../db/statements';
import type { Clock } from '../../lib/clock';
import type { Keyring } from '../../lib/keyring';
import {
  type RealityCheckTerms,
  type VenueBet,
  type VenuePlayer,
  type VenueProvider,
  VenueRefusedError,
  VenueTimeoutError,
} from '../provider';
import type { DemoFault } from './faults';
import { DemoGamePlay } from './games/play';
import { venuePlayerId } from './games/players';
import { DemoGameSessions } from './games/sessions';

export type { DemoFault };

/** A transfer order as the venue applies it. */
interface VenueOrder {
  orderNo: string;
  venue: string;
  player: string;
  amount: bigint;
}

export interface DemoVenueBehaviour {
  /** Added to every call, in milliseconds. */
  latencyMs: number;
  /** The fault of the next transfer calls, by direction. */
  fault: (direction: 'in' | 'out', venue: string) => DemoFault;
  /** With 'apply_late': apply by itself after this many milliseconds; unset, wait for releaseLateApplies. */
  lateApplyMs?: number;
}

// The venue's own statements, with fixed text (prepared once per connection on PostgreSQL). The
// hot ones take arrays: the calls that arrive together share one statement (db/batch.ts), each
// keeping its own outcome.

/** The wallets asked about, as (player, venue) pairs. */
const balancesOf = statement(
  'demo_venue_balances',
  `SELECT w.player, w.venue, w.balance::text AS balance FROM demo_venue_wallets w
    JOIN unnest($1::varchar[], $2::varchar[]) AS q(player, venue) ON w.player = q.player AND w.venue = q.venue`,
);

const ORDERS = `input AS (SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::bigint[])
      WITH ORDINALITY AS i(order_no, venue, player, amount, n))`;

/**
 * Credits create the wallet if needed; an order is recorded once and its wallet moves with it. An
 * id seen before (applied, or voided) moves nothing. Answers the orders that moved.
 */
const credit = statement(
  'demo_venue_credit',
  `WITH ${ORDERS},
    o AS (INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount)
      SELECT order_no, venue, player, 'in', amount FROM input ON CONFLICT DO NOTHING RETURNING order_no),
    go AS MATERIALIZED (SELECT * FROM input WHERE order_no IN (SELECT order_no FROM o)),
    w AS (INSERT INTO demo_venue_wallets (venue, player, balance) SELECT venue, player, amount FROM go
      ON CONFLICT (venue, player) DO UPDATE SET balance = demo_venue_wallets.balance + EXCLUDED.balance)
    SELECT n FROM go`,
);

/**
 * A debit happens only while the wallet holds the amount and the id is new; the order is recorded
 * only if it did. Two arrivals of one id race on the order's primary key: the loser fails whole.
 * Answers the orders that moved.
 */
const debit = statement(
  'demo_venue_debit',
  `WITH ${ORDERS},
    w AS (UPDATE demo_venue_wallets d SET balance = d.balance - i.amount FROM input i
          WHERE d.venue = i.venue AND d.player = i.player AND d.balance >= i.amount
            AND NOT EXISTS (SELECT 1 FROM demo_venue_orders WHERE order_no = i.order_no)
          RETURNING i.n),
    o AS (INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount)
          SELECT order_no, venue, player, 'out', amount FROM input WHERE n IN (SELECT n FROM w))
    SELECT n FROM w`,
);

/** A void records the id as voided, unless the id is known already (applied, or voided before). */
const voidOrder = statement(
  'demo_venue_void',
  `INSERT INTO demo_venue_orders (order_no, venue, status) VALUES ($1::varchar, $2::varchar, 'voided')
    ON CONFLICT DO NOTHING`,
);

const orderStatus = statement(
  'demo_venue_order_status',
  'SELECT status FROM demo_venue_orders WHERE order_no = $1::varchar',
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

  /** A wallet moves once per statement (keyOf): a multi-row update applies a row once. */
  private readonly applies: Record<'in' | 'out', Batcher<VenueOrder, boolean>>;
  private readonly wallets: Batcher<{ player: string; venue: string }, bigint | undefined>;

  constructor(
    private readonly db: Db,
    keys: Keyring,
    clock: Clock,
  ) {
    this.play = new DemoGamePlay(db);
    this.sessions = new DemoGameSessions(db, keys, clock);
    const applier = (s: Statement) => {
      const many = async (orders: VenueOrder[]) => {
        const rows = await run(db, s, [
          orders.map((o) => o.orderNo),
          orders.map((o) => o.venue),
          orders.map((o) => o.player),
          orders.map((o) => o.amount.toString()),
        ]);
        const moved = new Set(rows.map((r) => Number(r.n)));
        return orders.map((_, i) => moved.has(i + 1));
      };
      return new Batcher<VenueOrder, boolean>({
        many,
        one: async (order) => (await many([order]))[0],
        keyOf: (order) => `${order.venue}:${order.player}`,
      });
    };
    this.applies = { in: applier(credit), out: applier(debit) };
    const wallets = async (asked: { player: string; venue: string }[]) => {
      const rows = await run(db, balancesOf, [asked.map((a) => a.player), asked.map((a) => a.venue)]);
      const found = new Map(rows.map((r) => [`${r.player}:${r.venue}`, BigInt(String(r.balance))]));
      return asked.map((a) => found.get(`${a.player}:${a.venue}`));
    };
    this.wallets = new Batcher({ many: wallets, one: async (a) => (await wallets([a]))[0] });
  }

  async launchUrl(
    venue: string,
    player: VenuePlayer,
    gameCode: string,
    reality?: RealityCheckTerms,
  ): Promise<string> {
    await this.latency();
    const token = await this.sessions.launchToken({
      venue,
      player: venuePlayerId(player),
      gameCode,
      reality,
    });
    return `/venue/demo/launch?token=${encodeURIComponent(token)}`;
  }

  async endPlayerSessions(player: VenuePlayer): Promise<void> {
    await this.sessions.endAll(venuePlayerId(player));
  }

  betsSince(cursor: string, limit: number): Promise<{ bets: VenueBet[]; cursor: string }> {
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
    const id = venuePlayerId(player);
    const found = await Promise.all(venues.map((venue) => this.wallets.run({ player: id, venue })));
    return new Map(venues.map((venue, i) => [venue, found[i] ?? 0n]));
  }

  transferIn(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void> {
    return this.transfer('in', venue, player, orderNo, amount);
  }

  transferOut(venue: string, player: VenuePlayer, orderNo: string, amount: bigint): Promise<void> {
    return this.transfer('out', venue, player, orderNo, amount);
  }

  async voidTransfer(venue: string, orderNo: string): Promise<'voided' | 'applied'> {
    await this.latency();
    await run(this.db, voidOrder, [orderNo, venue]);
    return (await this.statusOf(orderNo)) === 'applied' ? 'applied' : 'voided';
  }

  /** What the venue knows of an order id, read after any statement that raced on it has ended. */
  private async statusOf(orderNo: string): Promise<'applied' | 'voided' | undefined> {
    const [row] = await run(this.db, orderStatus, [orderNo]);
    return row ? (row.status as 'applied' | 'voided') : undefined;
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
    if (fault === 'apply_late') {
      this.holdApply(() => this.apply(direction, venue, venuePlayerId(player), orderNo, amount));
      throw new VenueTimeoutError();
    }
    await this.apply(direction, venue, venuePlayerId(player), orderNo, amount);
    if (fault === 'timeout_after_apply') throw new VenueTimeoutError();
  }

  private held: (() => Promise<void>)[] = [];

  private holdApply(apply: () => Promise<void>): void {
    const { lateApplyMs } = this.behaviour;
    if (lateApplyMs === undefined) {
      this.held.push(apply);
      return;
    }
    // A late arrival's own outcome is nobody's answer: the platform stopped waiting long ago.
    setTimeout(() => void apply().catch(() => {}), lateApplyMs);
  }

  /** Lets the transfers held by 'apply_late' arrive now; answers how each went at the venue. */
  async releaseLateApplies(): Promise<('applied' | 'refused')[]> {
    const held = this.held;
    this.held = [];
    const outcomes: ('applied' | 'refused')[] = [];
    for (const apply of held) {
      outcomes.push(
        await apply().then(
          () => 'applied' as const,
          (error: unknown) => {
            if (error instanceof VenueRefusedError) return 'refused' as const;
            throw error;
          },
        ),
      );
    }
    return outcomes;
  }

  /**
   * The order is recorded once and the wallet moves with it, in one statement each way. When
   * nothing moved, the id's status decides: applied before (a repeat: answered as applied), voided
   * (refused: the platform gave up on it), or unknown (a debit the wallet does not cover).
   */
  private async apply(
    direction: 'in' | 'out',
    venue: string,
    player: string,
    orderNo: string,
    amount: bigint,
  ) {
    try {
      if (await this.applies[direction].run({ orderNo, venue, player, amount })) return;
    } catch (error) {
      // The same id arrived concurrently (an apply or a void): its twin's statement won, whole.
      if (!isUniqueViolation(error)) throw error;
    }
    const status = await this.statusOf(orderNo);
    if (status === 'applied') return;
    throw new VenueRefusedError(status === 'voided' ? '订单已作废' : '场馆余额不足');
  }
}

/** PostgreSQL's unique_violation, whether the driver's error arrives bare or wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) =>
    typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
