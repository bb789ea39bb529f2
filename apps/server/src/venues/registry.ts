import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { Db } from '../db/client';
import type { Bus } from '../lib/bus';
import { refused } from '../lib/errors';
import { enabledVenues } from '../modules/venues/service';
import { type VenuePlayer, type VenueProvider, withDeadline } from './provider';

/** How long ending a player's game sessions may take at one provider. */
const ANSWER_DEADLINE_MS = 8_000;

export type Venue = Awaited<ReturnType<typeof enabledVenues>>[number];

/**
 * The venues shown to players (enabled; those in maintenance too, which take no transfer and open
 * no game) and the provider serving each. The list is cached for a minute; an operator's change
 * reaches every process at once through the bus (venues.changed), and while the bus is down
 * nothing is cached.
 */
export class VenueRegistry {
  private cached: { at: number; list: Venue[] } | undefined;
  /** Counts invalidations, so that a list read before one is not cached after it. */
  private generation = 0;
  private readonly providers = new Map<string, VenueProvider>();

  constructor(
    private readonly db: Db,
    providers: VenueProvider[],
    private readonly bus: Bus,
    private readonly ttlMs = 60_000,
  ) {
    for (const p of providers) this.providers.set(p.name, p);
    bus.subscribe('venues.changed', () => this.invalidate());
    bus.onReset(() => this.invalidate());
  }

  invalidate(): void {
    this.generation++;
    this.cached = undefined;
  }

  async list(): Promise<Venue[]> {
    const now = Date.now();
    if (this.cached && now - this.cached.at <= this.ttlMs && this.bus.live) return this.cached.list;
    const generation = this.generation;
    const list = await enabledVenues(this.db);
    if (generation === this.generation) this.cached = { at: now, list };
    return list;
  }

  /** The enabled venue of that code, in maintenance or not. */
  async find(code: string): Promise<Venue | undefined> {
    return (await this.list()).find((v) => v.code === code);
  }

  /**
   * The venue a player moves money into or out of, or opens a game at: refused while in maintenance,
   * undefined when there is no such enabled venue.
   */
  async open(code: string): Promise<Venue | undefined> {
    const venue = await this.find(code);
    if (venue?.maintenance) throw refused(WALLET_SERVER_MSG.venueMaintenance(venue.name));
    return venue;
  }

  /** The venue for the platform's own follow-up calls (settling a transfer): none while in maintenance. */
  async reachable(code: string): Promise<Venue | undefined> {
    const venue = await this.find(code);
    return venue?.maintenance ? undefined : venue;
  }

  /**
   * Ends the player's game sessions at every provider (after the player's platform sessions
   * ended). A provider that fails to answer is logged and the others still asked.
   */
  async endPlayerSessions(player: VenuePlayer, onError: (error: unknown) => void): Promise<void> {
    const asked = await Promise.allSettled(
      this.allProviders().map((p) => withDeadline(p.endPlayerSessions(player), ANSWER_DEADLINE_MS)),
    );
    for (const a of asked) if (a.status === 'rejected') onError(a.reason);
  }

  /** Every provider, once each (the bet feeds are read per provider). */
  allProviders(): VenueProvider[] {
    return [...this.providers.values()];
  }

  providerOf(venue: Venue): VenueProvider {
    const provider = this.providers.get(venue.provider);
    if (!provider) throw new Error(`no provider ${venue.provider} for venue ${venue.code}`);
    return provider;
  }

  /** The player's balance at every open venue, asking each provider once. */
  async balances(player: VenuePlayer): Promise<{ venue: Venue; balance: bigint }[]> {
    const list = await this.list();
    const byProvider = new Map<VenueProvider, string[]>();
    for (const v of list) {
      const provider = this.providerOf(v);
      byProvider.set(provider, [...(byProvider.get(provider) ?? []), v.code]);
    }
    const answers = await Promise.all(
      [...byProvider].map(([provider, codes]) => provider.balances(codes, player)),
    );
    const merged = new Map<string, bigint>();
    for (const answer of answers) for (const [code, balance] of answer) merged.set(code, balance);
    return list.map((venue) => ({ venue, balance: merged.get(venue.code) ?? 0n }));
  }
}
