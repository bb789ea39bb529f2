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
 * Wallet transfers by many players at once: each connection moves 1.00 of one player into a venue
 * and then back out, in turn, so every request is a full two-phase venue transfer and half of them
 * go each way. (autocannon clears a connection's context each time it has sent the whole list of
 * requests: the pair is that list, so the player is kept from the transfer in to its transfer out.)
 */
export async function transferLoad(base: string, tokens: string[], venue: string): Promise<Run> {
  let next = 0;
  const url = `${base}/api/transfer`;
  const transfer =
    (sourcetype: string, targettype: string) =>
    (request: autocannon.Request, context: { token?: string }) => {
      context.token ??= tokens[next++ % tokens.length];
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
        body: JSON.stringify({ amount: 1, sourcetype, targettype }),
      };
    };
  const result = await autocannon({
    url,
    method: 'POST',
    connections: Math.min(CONNECTIONS, tokens.length),
    duration: DURATION_S,
    initialContext: {},
    requests: [
      { setupRequest: transfer('userbalance', venue) },
      { setupRequest: transfer(venue, 'userbalance') },
    ],
  });
  return summarise(url, result);
}
