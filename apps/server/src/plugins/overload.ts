import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { ApiCode } from '@app/contract/envelope';
import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import type { Config } from '../config';
import type { PoolCounts } from '../lib/metrics';

/** What a shed answer asks the client to wait, in seconds: the storm has usually passed. */
const RETRY_AFTER_S = 2;
const SAMPLE_EVERY_MS = 500;
const DELAY_RESOLUTION_MS = 10;

/** The fewest requests in flight the adaptive limit comes down to. */
const MIN_IN_FLIGHT = 8;
/** Answers slower than the target past this share of a sample's: the limit comes down. */
const SLOW_SHARE = 0.05;

/**
 * This process's load against its limits: requests in flight and the database pool's queue are
 * read as they are; the event loop's delay and the heap are sampled every half second.
 *
 * The limit of requests in flight adapts while it is reached (additive increase, multiplicative
 * decrease): when more than 5 % of a sample's answers took longer than the target (or none finished)
 * it comes down by half, towards MIN_IN_FLIGHT; when answers were fast it goes up by a tenth, up to
 * OVERLOAD_MAX_IN_FLIGHT. How many requests a node answers in time depends on its machine, its
 * neighbours and the database, none of which a fixed number knows.
 */
export class Pressure {
  private inFlight = 0;
  private limit: number;
  private answered = 0;
  private slow = 0;
  private reachedLimit = false;
  private eventLoopDelayMs = 0;
  private heapUsed = 0;
  private readonly delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  private sampler: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: Config['overload'],
    private readonly pool: () => PoolCounts | undefined,
    /** Told of each request shed, with the limit it was past (the metrics count them). */
    readonly shed: (excess: string) => void = () => {},
  ) {
    this.limit = limits.maxInFlight;
  }

  /** From when the server is ready: building it blocks the loop, and that is no load. */
  start() {
    this.delay.enable();
    const heapLimit = v8.getHeapStatistics().heap_size_limit;
    this.sampler = setInterval(() => {
      // The histogram counts its own resolution as delay: what is past it is the loop's.
      this.eventLoopDelayMs = Math.max(0, this.delay.mean / 1e6 - DELAY_RESOLUTION_MS);
      this.delay.reset();
      this.heapUsed = process.memoryUsage().heapUsed / heapLimit;
      this.adapt();
    }, SAMPLE_EVERY_MS);
    this.sampler.unref();
  }

  private adapt() {
    const { maxInFlight, targetMs } = this.limits;
    // Only while the limit is reached: slow answers with room to spare are an outside system's (a
    // venue's), not this node's queue.
    if (this.reachedLimit) {
      // Nothing answered in a whole sample with the limit reached is as slow as it gets.
      const slow = targetMs > 0 && (this.answered === 0 || this.slow > this.answered * SLOW_SHARE);
      this.limit = slow
        ? Math.max(Math.min(MIN_IN_FLIGHT, maxInFlight), Math.floor(this.limit / 2))
        : Math.min(maxInFlight, this.limit + Math.max(1, Math.floor(this.limit / 10)));
    }
    this.answered = 0;
    this.slow = 0;
    this.reachedLimit = false;
  }

  /** What is past its limit now, named for the log and /readyz; undefined while within capacity. */
  excess(): string | undefined {
    const { maxDbWaiting, maxEventLoopDelayMs, maxHeapUsed } = this.limits;
    if (this.limits.maxInFlight > 0 && this.inFlight >= this.limit) {
      this.reachedLimit = true;
      return 'requests in flight';
    }
    if (maxDbWaiting > 0 && (this.pool()?.waitingCount ?? 0) >= maxDbWaiting) return 'database queue';
    if (maxEventLoopDelayMs > 0 && this.eventLoopDelayMs >= maxEventLoopDelayMs) return 'event loop delay';
    if (maxHeapUsed > 0 && this.heapUsed >= maxHeapUsed) return 'heap';
    return undefined;
  }

  /** Counts a request from now until its connection has answered or gone, and how long that took. */
  track(response: NodeJS.EventEmitter) {
    this.inFlight += 1;
    const started = performance.now();
    response.once('close', () => {
      this.inFlight -= 1;
      this.answered += 1;
      if (performance.now() - started > this.limits.targetMs) this.slow += 1;
    });
  }

  stop() {
    clearInterval(this.sampler);
    this.delay.disable();
  }
}

/** The answer to a shed request, built once: shedding must cost next to nothing, as the load is what it sheds. */
const SHED_BODY = JSON.stringify({ code: ApiCode.unavailable, message: SERVER_MSG.overloaded });
const SHED_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': Buffer.byteLength(SHED_BODY),
  'retry-after': String(RETRY_AFTER_S),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
const HEALTH = new Set(['/livez', '/readyz']);
/** Event streams stay open for hours: one is refused when the node is past capacity, never counted in flight. */
const STREAMS = new Set(['/api/events', '/admin/api/events']);

/**
 * The HTTP server, with one step before Fastify's: past its capacity the node answers at once with
 * 503, Retry-After and a Chinese message, before reading the body, routing, or asking the database;
 * a shed money call claimed no Idempotency-Key, so the same call with the same key is safe to send
 * again. Health checks pass through (`registerReadiness` reports the pressure on `/readyz`).
 */
export function sheddingServer(
  pressure: Pressure,
  timeouts: Config['timeouts'],
): FastifyServerFactory<http.Server> {
  return (handler) => {
    const server = http.createServer(
      // How often Node checks the time-outs below (its default is 30 s, longer than they are).
      { headersTimeout: timeouts.headers, connectionsCheckingInterval: Math.min(1_000, timeouts.headers) },
      (request, response) => {
        const path = request.url?.split('?')[0] ?? '';
        if (HEALTH.has(path)) return handler(request, response);
        const excess = pressure.excess();
        if (excess) {
          pressure.shed(excess);
          response.writeHead(503, SHED_HEADERS).end(SHED_BODY);
          return;
        }
        if (!STREAMS.has(path)) pressure.track(response);
        handler(request, response);
      },
    );
    server.keepAliveTimeout = timeouts.keepAlive;
    server.requestTimeout = timeouts.request;
    return server;
  };
}

/** `/readyz` fails while the node sheds, so that the load balancer sends less; each change is logged once. */
export function registerReadiness(app: FastifyInstance, pressure: Pressure): void {
  let shedding: string | undefined;
  const watch = setInterval(() => {
    const excess = pressure.excess();
    if (excess === shedding) return;
    if (excess) app.log.warn({ excess }, 'over capacity: shedding requests with 503');
    else app.log.info('within capacity again: accepting every request');
    shedding = excess;
  }, SAMPLE_EVERY_MS);
  watch.unref();
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== '/readyz') return done();
    const excess = pressure.excess();
    if (excess) return reply.status(503).send({ status: `overloaded: ${excess}` });
    done();
  });
  app.addHook('onReady', async () => pressure.start());
  app.addHook('onClose', async () => {
    clearInterval(watch);
    pressure.stop();
  });
}
