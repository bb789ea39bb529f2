/**
 * `npm run bench`: the home route's first-load JS and CSS as Chromium loads it; the requests/s of
 * `POST /api/balance` (authenticated) next to a bare Fastify route; wallet transfers per second
 * through `POST /api/transfer` by concurrent players next to pgbench's TPC-B-like rate on the same
 * PostgreSQL server. Set DATABASE_URL to measure against PostgreSQL instead of the embedded database.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { homeFirstLoad } from './bundle';
import { CONNECTIONS, DURATION_S, load, median, ROUNDS, type Run, transferLoad } from './http-load';
import { pgbenchTpcb } from './pgbench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = { homeJsGzipKb: 150, balanceRatio: 0.25, transferRatio: 0.5 };

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

spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
const { child, target } = await startTarget();
try {
  const bundle = await homeFirstLoad(target.app);
  console.log('\nHome route, first load (as Chromium fetched it)');
  console.log(
    `  JS : ${bundle.js.files} files, ${kb(bundle.js.raw)} raw, ${kb(bundle.js.gzip)} gzip  (${verdict(bundle.js.gzip / 1024 <= TARGETS.homeJsGzipKb)}: <= ${TARGETS.homeJsGzipKb} KB gzip)`,
  );
  console.log(`  CSS: ${bundle.css.files} files, ${kb(bundle.css.raw)} raw, ${kb(bundle.css.gzip)} gzip`);
  console.log(`  load to network idle: ${bundle.loadMs.toFixed(0)} ms (loopback)`);

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
