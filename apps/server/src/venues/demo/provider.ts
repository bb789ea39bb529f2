import { and, eq, inArray, sql } from 'drizzle-orm';
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

export const venuePlayerId = (player: VenuePlayer) => `p${player.userId}`;

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
   * The order is recorded once and the wallet moves with it, in one statement: a credit creates the
   * wallet if needed; a debit moves only if the wallet holds the amount, else the order is undone.
   */
  private async apply(
    direction: 'in' | 'out',
    venue: string,
    player: string,
    orderNo: string,
    amount: bigint,
  ) {
    const order = sql`INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount)
      VALUES (${orderNo}, ${venue}, ${player}, ${direction}, ${amount}) ON CONFLICT DO NOTHING RETURNING order_no`;
    if (direction === 'in') {
      await this.db.execute(sql`WITH o AS (${order})
        INSERT INTO demo_venue_wallets (venue, player, balance) SELECT ${venue}, ${player}, ${amount} FROM o
        ON CONFLICT (venue, player) DO UPDATE SET balance = demo_venue_wallets.balance + EXCLUDED.balance`);
      return;
    }
    await this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`WITH o AS (${order}),
        w AS (UPDATE demo_venue_wallets SET balance = balance - ${amount}
              WHERE venue = ${venue} AND player = ${player} AND balance >= ${amount} AND EXISTS (SELECT 1 FROM o)
              RETURNING 1)
        SELECT (SELECT count(*) FROM o)::int AS recorded, (SELECT count(*) FROM w)::int AS moved`);
      const row = (result as unknown as { rows: { recorded: number; moved: number }[] }).rows[0];
      // Recorded but not moved: the wallet held less. Rolling back forgets the order too.
      if (row?.recorded === 1 && row.moved === 0) throw new VenueRefusedError('场馆余额不足');
    });
  }
}
