import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoVenueOrders, demoVenueWallets } from '../../db/schema/demo-venue';
import { type VenuePlayer, type VenueProvider, VenueRefusedError, VenueTimeoutError } from '../provider';

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

const venuePlayerId = (player: VenuePlayer) => `p${player.userId}`;

/**
 * The in-process demo venue: it keeps its own wallets and applied orders, in its own tables and
 * its own transactions, exactly as an outside provider would behind its API.
 */
export class DemoVenueProvider implements VenueProvider {
  readonly name = 'demo';
  behaviour: DemoVenueBehaviour = { latencyMs: 0, fault: () => 'none' };

  constructor(private readonly db: Db) {}

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
    const rows =
      venues.length === 0
        ? []
        : await this.db
            .select({ venue: demoVenueWallets.venue, balance: demoVenueWallets.balance })
            .from(demoVenueWallets)
            .where(
              and(
                eq(demoVenueWallets.player, venuePlayerId(player)),
                inArray(demoVenueWallets.venue, [...venues]),
              ),
            );
    const result = new Map<string, bigint>(venues.map((v) => [v, 0n]));
    for (const row of rows) result.set(row.venue, row.balance);
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
    const record = (
      when: SQL,
    ) => sql`INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount)
      SELECT ${orderNo}, ${venue}, ${player}, ${direction}, ${amount} WHERE ${when}`;
    if (direction === 'in') {
      await this.db.execute(sql`WITH o AS (${record(sql`true`)} ON CONFLICT DO NOTHING RETURNING order_no)
        INSERT INTO demo_venue_wallets (venue, player, balance) SELECT ${venue}, ${player}, ${amount} FROM o
        ON CONFLICT (venue, player) DO UPDATE SET balance = demo_venue_wallets.balance + EXCLUDED.balance`);
      return;
    }
    let answer: { moved: number; known: boolean } | undefined;
    try {
      const result = await this.db.execute(sql`WITH
        w AS (UPDATE demo_venue_wallets SET balance = balance - ${amount}
              WHERE venue = ${venue} AND player = ${player} AND balance >= ${amount}
                AND NOT EXISTS (SELECT 1 FROM demo_venue_orders WHERE order_no = ${orderNo})
              RETURNING 1),
        o AS (${record(sql`EXISTS (SELECT 1 FROM w)`)} RETURNING 1)
        SELECT (SELECT count(*) FROM o)::int AS moved,
               EXISTS (SELECT 1 FROM demo_venue_orders WHERE order_no = ${orderNo}) AS known`);
      answer = (result as unknown as { rows: { moved: number; known: boolean }[] }).rows[0];
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
