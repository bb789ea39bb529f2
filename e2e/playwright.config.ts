import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The browser tests drive Debian's Chromium against the built app and a real server with a fresh database. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3217),
  captcha: '2468',
  /** The demo operators seeded with SEED_DEMO (as `npm start` prints them). */
  operatorPassword: 'demo123456',
  superadmin: 'admin',
};
const baseURL = `http://127.0.0.1:${E2E.port}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir;

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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: 'artifacts/report.json' }],
    ['html', { outputFolder: 'artifacts/html', open: 'never' }],
  ],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'player', testIgnore: /console\//, use: PHONE },
    // The operator console is a desktop app; its journeys open the player app in a phone context too.
    { name: 'console', testMatch: /console\/.*\.spec\.ts$/, use: DESKTOP },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      CAPTCHA_TEST_CODE: E2E.captcha,
      RATE_LIMIT_REGISTER: '200',
      RATE_LIMIT_LOGIN: '200',
      LOG_LEVEL: 'warn',
      // A settable clock (POST /admin/api/test-clock, with an operator's API key) for the red-packet window and the daily jobs;
      // only rewards.spec.ts moves it, and it puts it back to now.
      TEST_CLOCK: '1',
    },
  },
});
