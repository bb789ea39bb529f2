import autocannon from 'autocannon';

export interface Run {
  rps: number;
  p99: number;
}

export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = 5;

export const median = (runs: Run[]): Run =>
  [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)] as Run;

function summarise(url: string, result: autocannon.Result): Run {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** POSTs `{}` as fast as CONNECTIONS connections allow, optionally as one logged-in player. */
export async function load(url: string, token?: string): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    // A phone's fetch offers compressed answers: the balance answer is below the compression threshold.
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: '{}',
  });
  return summarise(url, result);
}

/**
 * Wallet transfers by many players at once: each connection is one player, moving 1.00 into a
 * venue and back out in turn, so every request is a full two-phase venue transfer.
 */
export async function transferLoad(base: string, tokens: string[], venue: string): Promise<Run> {
  let next = 0;
  const url = `${base}/api/transfer`;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: Math.min(CONNECTIONS, tokens.length),
    duration: DURATION_S,
    initialContext: {},
    requests: [
      {
        setupRequest: (request, context: { token?: string; outward?: boolean }) => {
          context.token ??= tokens[next++ % tokens.length];
          context.outward = !context.outward;
          const [sourcetype, targettype] = context.outward ? ['userbalance', venue] : [venue, 'userbalance'];
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
            body: JSON.stringify({ amount: 1, sourcetype, targettype }),
          };
        },
      },
    ],
  });
  return summarise(url, result);
}
