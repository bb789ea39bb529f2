/**
 * `npm run bench`: what a phone receives from the platform as `npm start` runs it (bytes on the wire
 * as Chromium counts them, and Lighthouse's mobile audit of home, /activity and /login, three runs
 * each); the requests/s of `POST /api/balance` (authenticated) next to a bare Fastify route; wallet
 * transfers per second through `POST /api/transfer` by concurrent players next to pgbench's
 * TPC-B-like rate on the same PostgreSQL server; with DATABASE_URL, the same two routes through nginx
 * in front of one API process and in front of two, as ratios to the bare route and to pgbench
 * measured in the same alternating rounds. Set DATABASE_URL to measure the throughput against
 * PostgreSQL instead of the embedded database; and how many idle player event streams one node
 * holds, at what memory and heartbeat cost. BENCH_SKIP (comma-separated) leaves parts out: pages,
 * throughput (all of it), direct (the figures without nginx), nginx, overload, streams.
 */
import { PLAYER_ROUTES, ROUTES } from './chromium';
import { operatorCookie } from './console-session';
import { CONNECTIONS, DURATION_S, load, median, ROUNDS, type Run, transferLoad } from './http-load';
import { accessibilityScore, lighthouseRuns, medianRun } from './lighthouse';
import { overload, SHEDDING_OFF } from './overload';
import { type Pgbench, pgbenchTpcb } from './pgbench';
import { startPlatform } from './platform';
import { streams } from './streams';
import { root, startTarget, type Target } from './target-process';
import { startCluster } from './through-nginx';
import { wireBytes } from './wire';

const TARGETS = {
  homeJsWireKb: 120,
  lighthouseScore: 0.95,
  accessibility: 0.98,
  lcpMs: 2000,
  cls: 0.02,
  balanceRatio: 0.25,
  transferRatio: 0.9,
};
const LIGHTHOUSE_RUNS = 3;
const skip = new Set((process.env.BENCH_SKIP ?? '').split(','));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (met: boolean) => (met ? 'target met' : 'TARGET MISSED');

/** Alternating rounds compared by median, so that a busy moment on the machine hits every side. */
async function alternate(...sides: (() => Promise<Run>)[]): Promise<Run[]> {
  const runs: Run[][] = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, side] of sides.entries()) runs[i]?.push(await side());
  }
  return runs.map(median);
}

/** Bytes on the wire and Lighthouse, against the platform as `npm start` serves it. */
async function pages() {
  const platform = await startPlatform(root);
  try {
    console.log(
      `\nWhat a phone receives (${platform.base}, as \`npm start\` serves it; empty cache, 390x844)`,
    );
    console.log('  bytes on the wire, as Chromium reports them (DevTools protocol encodedDataLength):');
    for (const route of ROUTES) {
      const wire = await wireBytes(`${platform.base}${route.path}`);
      const js = wire.byType.Script ?? { bytes: 0, requests: 0 };
      const css = wire.byType.Stylesheet ?? { bytes: 0, requests: 0 };
      const images = wire.byType.Image ?? { bytes: 0, requests: 0 };
      const budget =
        route.name === 'home'
          ? `  (${verdict(js.bytes / 1024 <= TARGETS.homeJsWireKb)}: JS <= ${TARGETS.homeJsWireKb} KB)`
          : '';
      console.log(
        `  ${route.name.padEnd(10)} JS ${kb(js.bytes)} in ${js.requests}, CSS ${kb(css.bytes)} in ${css.requests}, images ${kb(images.bytes)} in ${images.requests}, all ${kb(wire.total)}${budget}`,
      );
    }
    console.log(
      `  Lighthouse mobile (simulated slow 4G, 4x CPU), median of ${LIGHTHOUSE_RUNS} runs; budgets: score >= ${TARGETS.lighthouseScore}, LCP <= ${TARGETS.lcpMs} ms, CLS < ${TARGETS.cls}:`,
    );
    for (const route of ROUTES) {
      const all = await lighthouseRuns(`${platform.base}${route.path}`, LIGHTHOUSE_RUNS);
      const completed = all.filter((r) => !r.error);
      const runs = completed.length === LIGHTHOUSE_RUNS ? completed : all;
      const m = medianRun(runs);
      const met = m.score >= TARGETS.lighthouseScore && m.lcpMs <= TARGETS.lcpMs && m.cls < TARGETS.cls;
      console.log(
        `  ${route.name.padEnd(10)} score ${m.score.toFixed(2)}  LCP ${ms(m.lcpMs)}  TBT ${ms(m.tbtMs)}  CLS ${m.cls.toFixed(3)}  FCP ${ms(m.fcpMs)}  (${verdict(met)}; runs: ${runs.map((r) => r.score.toFixed(2)).join(', ')})`,
      );
      console.log(`  ${''.padEnd(10)} LCP element: ${m.lcpElement.slice(0, 100)}`);
      console.log(
        `  ${''.padEnd(10)} accessibility ${m.accessibility.toFixed(2)}  (${verdict(m.accessibility >= TARGETS.accessibility)}: >= ${TARGETS.accessibility})`,
      );
      for (const failed of all.filter((r) => r.error))
        console.log(
          `  ${''.padEnd(10)} a run failed in Lighthouse: ${failed.error}${runs === completed ? ' (run again)' : ''}`,
        );
    }
    const token = await platform.playerToken();
    for (const route of PLAYER_ROUTES) {
      const score = await accessibilityScore(`${platform.base}${route.path}`, async (page) => {
        await page.goto(`${platform.base}/favicon.svg`);
        await page.evaluate((t) => {
          localStorage.setItem(
            'session',
            JSON.stringify({ state: { token: t, userInfo: null, appInfo: null, messageNum: 0 }, version: 0 }),
          );
        }, token);
      });
      console.log(
        `  ${route.name.padEnd(10)} accessibility ${score.toFixed(2)} (logged in)  (${verdict(score >= TARGETS.accessibility)}: >= ${TARGETS.accessibility})`,
      );
    }
    // The console's dashboard (its home), signed in as the demo superadmin: a desktop page, so
    // Lighthouse's desktop settings.
    const cookie = await operatorCookie(platform.base);
    const consoleScore = await accessibilityScore(
      `${platform.base}/admin/`,
      (page) => page.setCookie({ name: 'xy_op', value: cookie, url: platform.base }),
      'desktop',
    );
    console.log(
      `  ${'console'.padEnd(10)} accessibility ${consoleScore.toFixed(2)} (dashboard, signed in)  (${verdict(consoleScore >= TARGETS.accessibility)}: >= ${TARGETS.accessibility})`,
    );
  } finally {
    await platform.stop();
  }
}

async function throughput() {
  const { child, target } = await startTarget(SHEDDING_OFF);
  // pgbench runs on the same PostgreSQL server as the platform, so only with DATABASE_URL.
  const databaseUrl = process.env.DATABASE_URL;
  const pgbench = databaseUrl ? await pgbenchTpcb(databaseUrl) : undefined;
  try {
    const token = target.tokens[0] ?? '';
    // Every side warms up (JIT, connection pools) before anything counts.
    await load(`${target.bare}/bare`);
    pgbench?.round();
    if (!skip.has('direct')) await direct(target, token, pgbench);
    if (skip.has('nginx')) return;
    if (!databaseUrl) {
      console.log('\nThrough nginx: not measured (two API processes need DATABASE_URL, a PostgreSQL server)');
      return;
    }
    await throughNginx(target, token, databaseUrl, pgbench);
  } finally {
    await pgbench?.drop();
    child.kill('SIGTERM');
  }
}

const pgbenchRound = (pgbench: Pgbench) => async (): Promise<Run> => ({ rps: pgbench.round(), p99: 0 });
const transfersOf = (target: Target) => (base: string) => () => transferLoad(base, target.tokens, 'pp');

/** The platform's own port, next to a bare Fastify route and to pgbench. */
async function direct(target: Target, token: string, pgbench: Pgbench | undefined) {
  await load(`${target.app}/api/balance`, token);
  const [bare, balance] = (await alternate(
    () => load(`${target.bare}/bare`),
    () => load(`${target.app}/api/balance`, token),
  )) as [Run, Run];
  const ratio = balance.rps / bare.rps;
  console.log(
    `\nBalance polling, ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION_S} s rounds (database: ${target.db})`,
  );
  console.log(`  bare Fastify route       : ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`);
  console.log(`  POST /api/balance (auth) : ${balance.rps.toFixed(0)} req/s, p99 ${balance.p99} ms`);
  console.log(
    `  ratio                    : ${ratio.toFixed(3)}  (${verdict(ratio >= TARGETS.balanceRatio)}: >= ${TARGETS.balanceRatio})`,
  );

  // Transfer rounds alternate with pgbench rounds of the same length on the same server, and
  // each side is the median of its rounds, so that a busy moment on the machine meets both.
  const transferRound = transfersOf(target)(target.app);
  await transferRound(); // warm-up
  const [transfers, tps] = await alternate(transferRound, ...(pgbench ? [pgbenchRound(pgbench)] : []));
  if (!transfers) return;
  console.log(
    `\nWallet transfers, ${target.tokens.length} players on ${Math.min(CONNECTIONS, target.tokens.length)} connections, median of ${ROUNDS} ${DURATION_S} s rounds`,
  );
  console.log(
    `  POST /api/transfer       : ${transfers.rps.toFixed(0)} transfers/s, p99 ${transfers.p99} ms`,
  );
  if (!tps) {
    console.log('  pgbench tpcb-like        : not measured (needs DATABASE_URL and pgbench)');
    return;
  }
  const transferRatio = transfers.rps / tps.rps;
  console.log(
    `  pgbench tpcb-like        : ${tps.rps.toFixed(0)} tps (${CONNECTIONS} clients, same server, alternating rounds)`,
  );
  console.log(
    `  ratio                    : ${transferRatio.toFixed(3)}  (${verdict(transferRatio >= TARGETS.transferRatio)}: >= ${TARGETS.transferRatio})`,
  );
}

/**
 * The same two routes through nginx in front of one API process and in front of two (README,
 * "Running several nodes"), each round alternating with a round of the bare route (balance) or of
 * pgbench (transfers), so that every ratio compares the same moments of the machine.
 */
async function throughNginx(
  target: Target,
  token: string,
  databaseUrl: string,
  pgbench: Pgbench | undefined,
) {
  const cluster = await startCluster(databaseUrl);
  try {
    const bases = [cluster.oneNode, cluster.twoNodes];
    const balanceRound = (base: string) => () => load(`${base}/api/balance`, token);
    const transferRound = transfersOf(target);
    for (const base of bases) {
      await balanceRound(base)();
      await transferRound(base)();
    }
    const venueRound = () => load(`${cluster.oneNode}/api/balancelist`, token);
    await venueRound();
    const [bare, venues, ...balances] = await alternate(
      () => load(`${target.bare}/bare`),
      venueRound,
      ...bases.map(balanceRound),
    );
    const transferSides = await alternate(
      ...bases.map(transferRound),
      ...(pgbench ? [pgbenchRound(pgbench)] : []),
    );
    const tps = pgbench ? transferSides.pop() : undefined;
    console.log(
      `\nThrough nginx (deploy/nginx over HTTPS; API processes on PostgreSQL, as "Running several nodes"), median of ${ROUNDS} alternating ${DURATION_S} s rounds`,
    );
    console.log(`  bare Fastify route           : ${bare?.rps.toFixed(0)} req/s (same rounds)`);
    for (const [i, name] of ['one node ', 'two nodes'].entries()) {
      const run = balances[i];
      if (!run || !bare) continue;
      console.log(
        `  POST /api/balance, ${name} : ${run.rps.toFixed(0)} req/s, p99 ${run.p99} ms, ratio to the bare route ${(run.rps / bare.rps).toFixed(3)}`,
      );
    }
    console.log(
      `  pgbench tpcb-like            : ${tps ? `${tps.rps.toFixed(0)} tps (same rounds)` : 'not measured (needs pgbench)'}`,
    );
    for (const [i, name] of ['one node ', 'two nodes'].entries()) {
      const run = transferSides[i];
      if (!run) continue;
      const ratio = tps ? `, ratio to pgbench ${(run.rps / tps.rps).toFixed(3)}` : '';
      console.log(
        `  POST /api/transfer, ${name}: ${run.rps.toFixed(0)} transfers/s, p99 ${run.p99} ms${ratio}`,
      );
    }
    if (balances[0] && venues) capacity(balances[0].rps, venues);
  } finally {
    await cluster.stop();
  }
}

/**
 * Players one node serves at the spec's polling rates (balance every 4.3 s while logged in; venue
 * balances every 3.5 s on the wallet and withdrawal pages, every 1.5 s on the transfer page), from
 * the two routes' rates through nginx: each player takes 1/4.3 of a balance answer per second plus
 * 1/3.5 or 1/1.5 of a venue-balances answer.
 */
function capacity(balanceRps: number, venues: Run) {
  console.log(`  POST /api/balancelist, one node: ${venues.rps.toFixed(0)} req/s, p99 ${venues.p99} ms`);
  console.log("  players online per node at the spec's polling rates (CPU-bound, one node through nginx):");
  for (const [page, venueSeconds] of [
    ['home, games, mine (balance every 4.3 s)', undefined],
    ['wallet or withdrawal page (+ venues every 3.5 s)', 3.5],
    ['transfer page (+ venues every 1.5 s)', 1.5],
  ] as const) {
    const share = 1 / 4.3 / balanceRps + (venueSeconds ? 1 / venueSeconds / venues.rps : 0);
    console.log(`    ${page.padEnd(50)}: ${Math.floor(1 / share / 100) * 100}`);
  }
}

if (!skip.has('pages')) await pages();
if (!skip.has('throughput')) await throughput();
if (!skip.has('overload')) await overload();
if (!skip.has('streams')) await streams();
