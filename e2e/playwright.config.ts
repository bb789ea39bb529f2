import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { originOf, usesEdge } from './platform';

/**
 * The browser tests drive Debian's Chromium against the built app and a real server with a fresh
 * database: with TEST_DATABASE_URL two compiled nodes on PostgreSQL behind nginx over HTTPS, else
 * one on PGlite (platform.ts; global-setup.ts starts it).
 */
const port = Number(process.env.E2E_PORT ?? 3217);
export const E2E = {
  port,
  /** Where the browser and the specs' requests go. */
  origin: originOf(port),
  captcha: '2468',
  /** The demo operators seeded with SEED_DEMO (as `npm start` prints them). */
  operatorPassword: 'demo123456',
  superadmin: 'admin',
};
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir;

/** Every node's settings (besides its port and database). */
export const SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  CAPTCHA_TEST_CODE: E2E.captcha,
  RATE_LIMIT_REGISTER: '200',
  RATE_LIMIT_LOGIN: '200',
  LOG_LEVEL: 'warn',
  // A settable clock (POST /admin/api/test-clock, with an operator's API key) for the red-packet
  // window and the daily jobs, one per node; only tests tagged ALONE (below) move it, and they put it
  // back to now.
  TEST_CLOCK: '1',
  // No load shedding (503 while the event loop lags): the machine running the tests is busy with more
  // than them, and shedding has tests of its own (apps/server/test/overload.test.ts, the bench).
  OVERLOAD_MAX_IN_FLIGHT: '0',
  OVERLOAD_TARGET_MS: '0',
  OVERLOAD_MAX_DB_WAITING: '0',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_MAX_HEAP_USED: '0',
};

/**
 * The tag of a test that changes what the other tests see while it runs: it moves the shared
 * TEST_CLOCK (POST /admin/api/test-clock), changes a site-wide setting (site maintenance, home's
 * content, a venue's maintenance, a deposit channel, the card waiting period, the games' order), or
 * otherwise breaks a test running beside it. Such a test runs after the others, one at a time
 * (projects `player-alone` and `console-alone`); every other test shares the platform with one other
 * file's (two workers), so it registers its own player (support.ts: fundedPlayer) and changes
 * nothing site-wide. Tag a test `test('…', { tag: ALONE }, …)`, or a whole file's with
 * `test.describe('…', { tag: ALONE }, …)`.
 */
export const ALONE = '@alone';
const ALONE_TAG = new RegExp(ALONE);

/** The player app is a phone app: 390x844 at 2x, touch, an iPhone's user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/** The operator console is used on a desktop screen. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  // The edge's self-signed certificate, in every context a spec opens.
  '--ignore-certificate-errors',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two spec files at a time on the production path, each file's tests in order in one worker; the
  // tests tagged ALONE run after them, one at a time (the projects below). The embedded path's one
  // process, its database inside it, answered two browsers too slowly on a busy machine: one there.
  fullyParallel: false,
  workers: usesEdge() ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: 'artifacts/report.json' }],
    ['html', { outputFolder: 'artifacts/html', open: 'never' }],
  ],
  use: {
    baseURL: E2E.origin,
    ignoreHTTPSErrors: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'player', testIgnore: /(console|embedded)\//, grepInvert: ALONE_TAG, use: PHONE },
    // The operator console is a desktop app; its journeys open the player app in a phone context too.
    { name: 'console', testMatch: /console\/.*\.spec\.ts$/, grepInvert: ALONE_TAG, use: DESKTOP },
    // The embedded path's smoke journey starts a server of its own, as `npm start` does.
    { name: 'embedded', testMatch: /embedded\/.*\.spec\.ts$/, use: PHONE },
    // The tests that change what every other test sees, after all of the above, one at a time. (A
    // failure above skips them: Playwright runs no project whose dependency failed. A dependency runs
    // whole whatever the files named: `--no-deps` runs a file's ALONE tests by themselves.)
    {
      name: 'player-alone',
      testIgnore: /(console|embedded)\//,
      grep: ALONE_TAG,
      use: PHONE,
      workers: 1,
      dependencies: ['player', 'console', 'embedded'],
    },
    {
      name: 'console-alone',
      testMatch: /console\/.*\.spec\.ts$/,
      grep: ALONE_TAG,
      use: DESKTOP,
      workers: 1,
      dependencies: ['player-alone'],
    },
  ],
});
