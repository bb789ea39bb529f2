/**
 * `npm run bench`: what a phone receives from the platform as `npm start` runs it (bytes on the wire
 * as Chromium counts them, and Lighthouse's mobile audit of home, /activity and /login, three runs
 * each); the requests/s of `POST /api/balance` (authenticated) next to a bare Fastify route; wallet
 * transfers per second through `POST /api/transfer` by concurrent players next to pgbench's
 * TPC-B-like rate on the same PostgreSQL server. Set DATABASE_URL to measure the throughput against
 * PostgreSQL instead of the embedded database. BENCH_SKIP=pages or BENCH_SKIP=throughput leaves a part out.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ROUTES } from './chromium';
import { CONNECTIONS, DURATION_S, load, median, ROUNDS, type Run, transferLoad } from './http-load';
import { lighthouseRuns, medianRun } from './lighthouse';
import { pgbenchTpcb } from './pgbench';
import { startPlatform } from './platform';
import { wireBytes } from './wire';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = {
  homeJsWireKb: 120,
  lighthouseScore: 0.95,
  lcpMs: 2000,
  cls: 0.02,
  balanceRatio: 0.25,
  transferRatio: 0.5,
};
const LIGHTHOUSE_RUNS = 3;
const skip = new Set((process.env.BENCH_SKIP ?? '').split(','));

interface Target {
  app: string;
  bare: string;
  db: string;
  tokens: string[];
}

function startTarget(): Promise<{ child: ChildProcess; target: Target }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/src/target.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target exited with ${code}`)));
    lines.once('line', (line) => resolve({ child, target: JSON.parse(line) as Target }));
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (met: boolean) => (met ? 'target met' : 'TARGET MISSED');

/** Alternating rounds compared by median, so that a busy moment on the machine hits both sides. */
async function alternate(a: () => Promise<Run>, b: () => Promise<Run>): Promise<[Run, Run]> {
  const as: Run[] = [];
  const bs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    as.push(await a());
    bs.push(await b());
  }
  return [median(as), median(bs)];
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
      const budget =
        route.name === 'home'
          ? `  (${verdict(js.bytes / 1024 <= TARGETS.homeJsWireKb)}: JS <= ${TARGETS.homeJsWireKb} KB)`
          : '';
      console.log(
        `  ${route.name.padEnd(10)} JS ${kb(js.bytes)} in ${js.requests}, CSS ${kb(css.bytes)} in ${css.requests}, all ${kb(wire.total)}${budget}`,
      );
    }
    console.log(
      `  Lighthouse mobile (simulated slow 4G, 4x CPU), median of ${LIGHTHOUSE_RUNS} runs; budgets: score >= ${TARGETS.lighthouseScore}, LCP <= ${TARGETS.lcpMs} ms, CLS < ${TARGETS.cls}:`,
    );
    for (const route of ROUTES) {
      const runs = await lighthouseRuns(`${platform.base}${route.path}`, LIGHTHOUSE_RUNS);
      const m = medianRun(runs);
      const met = m.score >= TARGETS.lighthouseScore && m.lcpMs <= TARGETS.lcpMs && m.cls < TARGETS.cls;
      console.log(
        `  ${route.name.padEnd(10)} score ${m.score.toFixed(2)}  LCP ${ms(m.lcpMs)}  TBT ${ms(m.tbtMs)}  CLS ${m.cls.toFixed(3)}  FCP ${ms(m.fcpMs)}  (${verdict(met)}; runs: ${runs.map((r) => r.score.toFixed(2)).join(', ')})`,
      );
      console.log(`  ${''.padEnd(10)} LCP element: ${m.lcpElement.slice(0, 100)}`);
      for (const failed of runs.filter((r) => r.error))
        console.log(`  ${''.padEnd(10)} a run failed in Lighthouse: ${failed.error}`);
    }
  } finally {
    await platform.stop();
  }
}

if (!skip.has('pages')) await pages();
if (!skip.has('throughput')) await throughput();

async function throughput() {
  const { child, target } = await startTarget();
  try {
    const token = target.tokens[0] ?? '';
    // Both sides warm up (JIT, connection pools) before anything counts.
    await load(`${target.bare}/bare`);
    await load(`${target.app}/api/balance`, token);
    const [bare, balance] = await alternate(
      () => load(`${target.bare}/bare`),
      () => load(`${target.app}/api/balance`, token),
    );
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
    const databaseUrl = process.env.DATABASE_URL;
    const pgbench = databaseUrl ? await pgbenchTpcb(databaseUrl) : undefined;
    try {
      const transferRound = () => transferLoad(target.app, target.tokens, 'pp');
      await transferRound(); // warm-up
      pgbench?.round(); // warm-up
      const transferRuns: Run[] = [];
      const tpsRuns: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        transferRuns.push(await transferRound());
        if (pgbench) tpsRuns.push(pgbench.round());
      }
      const transfers = median(transferRuns);
      console.log(
        `\nWallet transfers, ${target.tokens.length} players on ${Math.min(CONNECTIONS, target.tokens.length)} connections, median of ${ROUNDS} ${DURATION_S} s rounds`,
      );
      console.log(
        `  POST /api/transfer       : ${transfers.rps.toFixed(0)} transfers/s, p99 ${transfers.p99} ms  (rounds: ${transferRuns.map((r) => r.rps.toFixed(0)).join(', ')})`,
      );
      if (!pgbench) {
        console.log('  pgbench tpcb-like        : not measured (needs DATABASE_URL and pgbench)');
      } else {
        const tps = [...tpsRuns].sort((a, b) => a - b)[Math.floor(tpsRuns.length / 2)] ?? 0;
        const transferRatio = transfers.rps / tps;
        console.log(
          `  pgbench tpcb-like        : ${tps.toFixed(0)} tps (${CONNECTIONS} clients, same server, alternating rounds: ${tpsRuns.map((t) => t.toFixed(0)).join(', ')})`,
        );
        console.log(
          `  ratio                    : ${transferRatio.toFixed(3)}  (${verdict(transferRatio >= TARGETS.transferRatio)}: >= ${TARGETS.transferRatio})`,
        );
      }
    } finally {
      await pgbench?.drop();
    }
  } finally {
    child.kill('SIGTERM');
  }
}
