import type { Config } from './config';
import type { Db } from './db/client';
import { Ledger } from './ledger/ledger';
import { type Bus, createBus } from './lib/bus';
import type { Clock } from './lib/clock';
import { Metrics, type PoolCounts } from './lib/metrics';
import { type SessionCache, sessionCacheOn } from './modules/auth/service';
import { type ProtectionCache, protectionCacheOn } from './modules/protection/service';
import { httpDeliver, SandboxGateway } from './payments/sandbox/gateway';
import { faultAtRates } from './venues/demo/faults';
import { DemoVenueProvider } from './venues/demo/provider';
import { VenueRegistry } from './venues/registry';

/** What a use case needs from the outside: built once at start-up and passed down. */
export interface AppContext {
  db: Db;
  config: Config;
  clock: Clock;
  /** Tells every server process what changed (sessions revoked, ...); started by buildApp. */
  bus: Bus;
  sessions: SessionCache;
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

export function createContext(parts: {
  db: Db;
  config: Config;
  clock: Clock;
  pool?: () => PoolCounts | undefined;
}): AppContext {
  // Both stand-ins for outside systems share the one sandbox secret of this installation.
  const demoVenue = new DemoVenueProvider(parts.db, parts.config.paymentSandboxSecret, parts.clock);
  const faults = parts.config.demoVenue;
  if (faults) {
    demoVenue.behaviour = {
      latencyMs: faults.latencyMs,
      fault: faultAtRates(faults.faults),
      lateApplyMs: faults.lateApplyMs,
    };
  }
  const bus = createBus({
    redisUrl: parts.config.redisUrl,
    databaseUrl: parts.config.databaseUrl,
    db: parts.db,
  });
  const pool = parts.pool ?? (() => undefined);
  const metrics = new Metrics(parts.db, pool);
  const ledger = new Ledger(parts.db, parts.clock);
  ledger.observe((kind, result) => metrics.movement(kind, result));
  return {
    db: parts.db,
    config: parts.config,
    clock: parts.clock,
    bus,
    metrics,
    pool,
    sessions: sessionCacheOn(bus),
    protection: protectionCacheOn(bus),
    ledger,
    venues: new VenueRegistry(parts.db, [demoVenue], bus),
    demoVenue,
    gateway: new SandboxGateway(parts.db, parts.config.paymentSandboxSecret, parts.clock, httpDeliver),
  };
}
