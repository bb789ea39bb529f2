import { and, eq, gte, inArray, sql } from 'drizzle-orm';
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

  /** One venue transaction: the order is recorded once, and the wallet moves with it. */
  private async apply(
    direction: 'in' | 'out',
    venue: string,
    player: string,
    orderNo: string,
    amount: bigint,
  ) {
    await this.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(demoVenueOrders)
        .values({ orderNo, venue, player, direction, amount })
        .onConflictDoNothing()
        .returning({ orderNo: demoVenueOrders.orderNo });
      if (!order) return; // applied before: the retry changes nothing
      await tx.insert(demoVenueWallets).values({ venue, player }).onConflictDoNothing();
      const delta = direction === 'in' ? amount : -amount;
      const moved = await tx
        .update(demoVenueWallets)
        .set({ balance: sql`${demoVenueWallets.balance} + ${delta}` })
        .where(
          and(
            eq(demoVenueWallets.venue, venue),
            eq(demoVenueWallets.player, player),
            direction === 'out' ? gte(demoVenueWallets.balance, amount) : undefined,
          ),
        )
        .returning({ balance: demoVenueWallets.balance });
      if (moved.length === 0) throw new VenueRefusedError('场馆余额不足');
    });
  }
}
