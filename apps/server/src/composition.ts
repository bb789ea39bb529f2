import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { Ledger } from './ledger/ledger';
import { createBus } from './lib/bus';
import type { Clock } from './lib/clock';
import { Metrics, type PoolCounts } from './lib/metrics';
import { sessionCacheOn } from './modules/auth/service';
import { EventHub } from './modules/events/hub';
import { protectionCacheOn } from './modules/protection/service';
import { httpDeliver, SandboxGateway } from './payments/sandbox/gateway';
import { faultAtRates } from './venues/demo/faults';
import { DemoVenueProvider } from './venues/demo/provider';
import { VenueRegistry } from './venues/registry';

/** The composition root: builds the AppContext's parts. Only start-up code (main.ts, tests) imports it. */
export function createContext(parts: {
  db: Db;
  config: Config;
  clock: Clock;
  pool?: () => PoolCounts | undefined;
}): AppContext {
  // Both stand-ins for outside systems share the one sandbox secret of this installation.
  const demoVenue = new DemoVenueProvider(parts.db, parts.config.secrets.demoVenue, parts.clock);
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
    events: new EventHub(bus, parts.config.eventsHeartbeatMs),
    protection: protectionCacheOn(bus),
    ledger,
    venues: new VenueRegistry(parts.db, [demoVenue], bus),
    demoVenue,
    gateway: new SandboxGateway(parts.db, parts.config.secrets.paymentCallback, parts.clock, httpDeliver),
  };
}
