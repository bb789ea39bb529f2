import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema/rate-limits';
import { raceDeadline } from '../lib/deadline';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What the plugin hands `child`: the route's merged limits and, as `routeInfo`, the route itself. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * Fixed windows counted in one place that every server process shares: one hit of `key` in the
 * window of `timeWindow` ms that began with the key's first hit; answers the count and what remains.
 */
export interface SharedCounter {
  /** Named in the log when it stops answering. */
  readonly name: string;
  count(key: string, timeWindow: number): Promise<Counted>;
}

/** Redis: the window starts with the key (SET NX with its expiry), and INCR keeps that expiry; one MULTI. */
export function redisCounter(redis: Redis): SharedCounter {
  return {
    name: 'Redis',
    async count(key, timeWindow) {
      const replies = await redis.multi().set(key, 0, 'PX', timeWindow, 'NX').incr(key).pttl(key).exec();
      const failed = replies?.find(([error]) => error)?.[0];
      if (!replies || failed) throw failed ?? new Error('transaction aborted');
      return { current: Number(replies[1]?.[1]), ttl: Number(replies[2]?.[1]) };
    },
  };
}

/** A query that has not answered within this is given up: the request is counted in the process. */
const POSTGRES_DEADLINE_MS = 1_000;
/** How often each process deletes windows that have ended (any process's: one DELETE, harmless twice). */
const PURGE_EVERY_MS = 60_000;

/**
 * PostgreSQL (without Redis): one upsert per hit, under the row's lock, so concurrent hits from any
 * number of processes are counted exactly. Ended windows restart in place and are purged
 * periodically; the timer stops with `stop`.
 */
export function postgresCounter(db: Db): SharedCounter & { stop(): void } {
  const t = rateLimitCounters;
  const purge = setInterval(() => {
    db.delete(t)
      .where(sql`${t.resetAt} < now()`)
      .catch(() => {});
  }, PURGE_EVERY_MS);
  purge.unref();
  return {
    name: 'PostgreSQL',
    async count(key, timeWindow) {
      const ended = sql`${t.resetAt} <= now()`;
      const counting = db
        .insert(t)
        .values({ key, count: 1, resetAt: sql`now() + ${timeWindow} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`CASE WHEN ${ended} THEN 1 ELSE ${t.count} + 1 END`,
            resetAt: sql`CASE WHEN ${ended} THEN excluded.reset_at ELSE ${t.resetAt} END`,
          },
        })
        .returning({
          current: t.count,
          ttl: sql<number>`ceil(extract(epoch FROM ${t.resetAt} - now()) * 1000)::int`,
        });
      const [row] = await raceDeadline(counting, POSTGRES_DEADLINE_MS);
      if (!row) throw new Error('no row counted');
      return { current: row.current, ttl: Math.max(0, Number(row.ttl)) };
    },
    stop: () => clearInterval(purge),
  };
}

/** Fixed windows counted in this process: the limit every process applies on its own while the shared store is away. */
class ProcessCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  count(key: string, timeWindow: number): Counted {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= 10_000) this.prune(now);
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Tells the log once when the shared store stops answering and once when it answers again. */
class Outage {
  private down = false;
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
  ) {}

  failed(error: Error) {
    if (this.down) return;
    this.down = true;
    this.log.error(
      { err: error },
      `${this.name} unreachable: rate limits are counted per process until it answers`,
    );
  }

  recovered() {
    if (!this.down) return;
    this.down = false;
    this.log.info(`${this.name} answers again: rate limits are shared across processes`);
  }
}

const KEY_PREFIX = 'fastify-rate-limit-';

/**
 * A rate-limit store that counts in `shared`, across every server process, and falls back to a
 * per-process count whenever it fails, so that an outage of the shared store loosens the limits to
 * one count per process instead of failing the routes that carry them.
 */
export function sharedStoreWithFallback(
  shared: SharedCounter,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const outage = new Outage(log, shared.name);
  const local = new ProcessCounter();

  class SharedWithFallback implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const counted = this.prefix + key;
      shared.count(counted, timeWindow).then(
        (result) => {
          outage.recovered();
          callback(null, result);
        },
        (error: Error) => {
          outage.failed(error);
          callback(null, local.count(counted, timeWindow));
        },
      );
    }

    child(options: ChildOptions) {
      return new SharedWithFallback(`${KEY_PREFIX}${options.routeInfo?.method}${options.routeInfo?.url}-`);
    }
  }

  return class extends SharedWithFallback {
    constructor() {
      super(KEY_PREFIX);
    }
  };
}
