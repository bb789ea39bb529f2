/**
 * `npm run bench`: the home route's first-load JS and CSS as Chromium loads them, and the
 * requests/s of `POST /api/balance` (authenticated) next to a bare Fastify route, as a ratio.
 * Set DATABASE_URL to measure against PostgreSQL instead of the embedded database.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = { homeJsGzipKb: 150, balanceRatio: 0.25 };
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 50;

interface Addresses {
  app: string;
  bare: string;
  db: string;
}

function startTarget(): Promise<{ child: ChildProcess; addresses: Addresses }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/src/target.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target exited with ${code}`)));
    lines.once('line', (line) => resolve({ child, addresses: JSON.parse(line) as Addresses }));
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function firstLoad(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : undefined;
      if (!kind) return;
      pending.push(
        response.body().then((bytes) => {
          totals[kind].raw += bytes.length;
          totals[kind].gzip += gzipSync(bytes).length;
          totals[kind].files += 1;
        }),
      );
    });
    const started = performance.now();
    await page.goto(`${base}/#/`, { waitUntil: 'networkidle' });
    const loadMs = performance.now() - started;
    await Promise.all(pending);
    return { ...totals, loadMs };
  } finally {
    await browser.close();
  }
}

async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return (await res.json()) as { code: number; message: string; data: Record<string, string> };
}

async function benchToken(base: string): Promise<string> {
  const captcha = await json(`${base}/api/captcha`);
  const password = 'bench-password';
  const reg = await json(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `bench${Date.now()}`,
      password,
      confirmPass: password,
      realname: '压测',
      paypassword: password,
      code: 'BNCH',
      captcha_key: captcha.data.captcha_key,
    }),
  });
  if (reg.code !== 200 || !reg.data.api_token) throw new Error(`bench registration failed: ${reg.message}`);
  return reg.data.api_token;
}

interface Run {
  rps: number;
  p99: number;
}

const median = (runs: Run[]): Run =>
  [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)] as Run;

async function load(url: string, token?: string): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const verdict = (met: boolean) => (met ? 'target met' : 'TARGET MISSED');

spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
const { child, addresses } = await startTarget();
try {
  const bundle = await firstLoad(addresses.app);
  console.log('\nHome route, first load (as Chromium fetched it)');
  console.log(
    `  JS : ${bundle.js.files} files, ${kb(bundle.js.raw)} raw, ${kb(bundle.js.gzip)} gzip  (${verdict(bundle.js.gzip / 1024 <= TARGETS.homeJsGzipKb)}: <= ${TARGETS.homeJsGzipKb} KB gzip)`,
  );
  console.log(`  CSS: ${bundle.css.files} files, ${kb(bundle.css.raw)} raw, ${kb(bundle.css.gzip)} gzip`);
  console.log(`  load to network idle: ${bundle.loadMs.toFixed(0)} ms (loopback)`);

  const token = await benchToken(addresses.app);
  await load(`${addresses.app}/api/balance`, token); // warm-up
  // Alternating rounds, compared by median, so that a busy moment on the machine hits both sides.
  const bareRuns: Run[] = [];
  const balanceRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await load(`${addresses.bare}/bare`));
    balanceRuns.push(await load(`${addresses.app}/api/balance`, token));
  }
  const bare = median(bareRuns);
  const balance = median(balanceRuns);
  const ratio = balance.rps / bare.rps;
  console.log(
    `\nThroughput, ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION_S} s rounds (database: ${addresses.db})`,
  );
  console.log(`  bare Fastify route       : ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`);
  console.log(`  POST /api/balance (auth) : ${balance.rps.toFixed(0)} req/s, p99 ${balance.p99} ms`);
  console.log(
    `  ratio                    : ${ratio.toFixed(3)}  (${verdict(ratio >= TARGETS.balanceRatio)}: >= ${TARGETS.balanceRatio})`,
  );
} finally {
  child.kill('SIGTERM');
}
