import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** What the plugin hands `child`: the route's merged limits and, as `routeInfo`, the route itself. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

const require = createRequire(import.meta.url);
/** The plugin's own Redis store (one Lua script: INCR and PEXPIRE atomically), which it does not export by type. */
const PluginRedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => FastifyRateLimitStore;

/** Fixed windows counted in this process: the limit every process applies on its own while Redis is away. */
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

/** Tells the log once when Redis stops answering and once when it answers again. */
class Outage {
  private down = false;
  constructor(private readonly log: FastifyBaseLogger) {}

  failed(error: Error) {
    if (this.down) return;
    this.down = true;
    this.log.error({ err: error }, 'Redis unreachable: rate limits are counted per process until it answers');
  }

  recovered() {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answers again: rate limits are shared across processes');
  }
}

/**
 * A rate-limit store that counts in Redis, shared by every server process, and falls back to a
 * per-process count whenever Redis fails, so that a Redis outage loosens the limits to one count per
 * process instead of failing the routes that carry them.
 */
export function redisWithFallbackStore(redis: Redis, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const outage = new Outage(log);
  const local = new ProcessCounter();

  class RedisWithFallback implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly prefix: string,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.shared.incr(
        key,
        (error, result) => {
          if (error || !result) {
            outage.failed(error ?? new Error('no answer'));
            callback(null, local.count(this.prefix + key, timeWindow));
            return;
          }
          outage.recovered();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(options: ChildOptions) {
      const route = `${options.routeInfo?.method}${options.routeInfo?.url}-`;
      return new RedisWithFallback(this.shared.child(options), route);
    }
  }

  return class extends RedisWithFallback {
    constructor() {
      super(new PluginRedisStore(false, false, redis), '');
    }
  };
}
