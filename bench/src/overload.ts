import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startTarget, stopTarget } from './target-process';

const CONNECTIONS = 500;
const SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 15);
/** One player per connection: a player's transfers wait for each other (row locks), as on no phone. */
const PLAYERS = String(CONNECTIONS);
const WARM_UP_S = 3;
/** A phone's time-out: past it an answer is as good as none. */
const CLIENT_TIMEOUT_S = 30;
const P99_TARGET_MS = 2_000;
/**
 * Every check of plugins/overload.ts off: the node queues whatever arrives. The throughput figures
 * run so too: they measure what a node answers, not what it refuses.
 */
export const SHEDDING_OFF = {
  OVERLOAD_MAX_IN_FLIGHT: '0',
  OVERLOAD_TARGET_MS: '0',
  OVERLOAD_MAX_DB_WAITING: '0',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_MAX_HEAP_USED: '0',
};

interface Figure {
  requests: number;
  shed: number;
  /** Requests without an answer within the client's time-out, or whose connection failed. */
  unanswered: number;
  /** Answers other than 200 and 503 (a refusal with its message). */
  refused: number;
  /** Of the answers that were not shed, in ms. */
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * CONNECTIONS connections at one node, each sending money calls back to back as one player: 1.00
 * into a venue, then back out, each with an Idempotency-Key of its own.
 */
async function moneyCalls(base: string, tokens: string[], seconds: number): Promise<Figure> {
  let next = 0;
  const transfer =
    (sourcetype: string, targettype: string) =>
    (request: autocannon.Request, context: { token?: string }) => {
      context.token ??= tokens[next++ % tokens.length];
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${context.token}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount: 1, sourcetype, targettype }),
      };
    };
  const times: number[] = [];
  let shed = 0;
  let refused = 0;
  const options = {
    url: `${base}/api/transfer`,
    method: 'POST' as const,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: CLIENT_TIMEOUT_S,
    initialContext: {},
    requests: [
      { setupRequest: transfer('userbalance', 'pp') },
      { setupRequest: transfer('pp', 'userbalance') },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    run.on('response', (_client, status, _bytes, ms) => {
      if (status === 503) shed += 1;
      else {
        times.push(ms);
        if (status !== 200) refused += 1;
      }
    });
  });
  times.sort((a, b) => a - b);
  return {
    requests: times.length + shed + result.timeouts + result.errors,
    shed,
    unanswered: result.timeouts + result.errors,
    refused,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
  };
}

/** One node with `env`, warmed up, then the load. */
async function measure(env: Record<string, string>): Promise<Figure> {
  const { child, target } = await startTarget({ ...env, BENCH_PLAYERS: PLAYERS });
  try {
    await moneyCalls(target.app, target.tokens, WARM_UP_S);
    return await moneyCalls(target.app, target.tokens, SECONDS);
  } finally {
    await stopTarget(child);
  }
}

const line = (name: string, f: Figure) =>
  `  ${name}: ${f.requests} requests, ${((100 * f.shed) / Math.max(1, f.requests)).toFixed(1)} % answered 503, ${f.unanswered} unanswered, ${f.refused} refused; the rest p50 ${Math.round(f.p50)} ms, p99 ${Math.round(f.p99)} ms, slowest ${Math.round(f.max)} ms`;

/**
 * Overload (issue 26, point 5): money calls from CONNECTIONS connections at one node on PostgreSQL,
 * with the shedding checks off (what a node did before) and with this build's defaults: the share
 * answered 503 and how fast the rest were answered.
 */
export async function overload(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('\nOverload: not measured (one node on PostgreSQL: needs DATABASE_URL)');
    return;
  }
  console.log(
    `\nOverload: ${CONNECTIONS} connections of money calls (transfers in and out, each with its Idempotency-Key) at one node, ${SECONDS} s each, client time-out ${CLIENT_TIMEOUT_S} s`,
  );
  console.log(line('shedding off', await measure(SHEDDING_OFF)));
  const on = await measure({});
  const met = on.p99 < P99_TARGET_MS ? 'target met' : 'TARGET MISSED';
  console.log(`${line('shedding on ', on)}  (${met}: p99 < ${P99_TARGET_MS} ms)`);
}
