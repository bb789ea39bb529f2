import type { Config } from './config';
import type { Db } from './db/client';
import type { Ledger } from './ledger/ledger';
import type { Bus } from './lib/bus';
import type { Clock } from './lib/clock';
import type { Metrics, PoolCounts } from './lib/metrics';
import type { SessionCache } from './modules/auth/session-cache';
import type { EventHub } from './modules/events/hub';
import type { ProtectionCache } from './modules/protection/guard-cache';
import type { SandboxGateway } from './payments/sandbox/gateway';
import type { DemoVenueProvider } from './venues/demo/provider';
import type { VenueRegistry } from './venues/registry';

/**
 * What a use case needs from the outside: built once at start-up (composition.ts) and passed down.
 * Types only: every module imports this file, so it imports nothing that imports a module back.
 */
export interface AppContext {
  db: Db;
  config: Config;
  clock: Clock;
  /** Tells every server process what changed (sessions revoked, ...); started by buildApp. */
  bus: Bus;
  sessions: SessionCache;
  /** This node's open event streams (players' and consoles'), fed by the bus. */
  events: EventHub;
  /** Each player's restrictions and loss limits, evicted in every process when they change. */
  protection: ProtectionCache;
  /** The money ledger: the only way money moves. */
  ledger: Ledger;
  venues: VenueRegistry;
  /** The in-process demo venue, reachable to set its latency and faults. */
  demoVenue: DemoVenueProvider;
  /** The payment gateway of the online channels: the in-process sandbox. */
  gateway: SandboxGateway;
  /** This process's measurements, served at /metrics on METRICS_PORT. */
  metrics: Metrics;
  /** The database pool's connections (PostgreSQL only): its queue is the one load builds up. */
  pool: () => PoolCounts | undefined;
}
