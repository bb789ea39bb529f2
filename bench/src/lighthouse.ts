import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface PageScore {
  score: number;
  /** Lighthouse's accessibility score of the same run. */
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  lcpElement: string;
  /** Lighthouse's own failure (for example no paint within its time limit), which scores 0. */
  error: string | undefined;
}

/** Chromium's DevTools port (BENCH_CHROME_PORT), else a free one chrome-launcher picks. */
const CHROME_PORT = Number(process.env.BENCH_CHROME_PORT) || undefined;

/** The median run by score (and its own figures, so that they belong together). */
export const medianRun = (runs: PageScore[]): PageScore =>
  [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)] as PageScore;

/** A run Lighthouse itself could not complete (NO_NAVSTART: its trace lost the navigation) is run again, this many times at most. */
const RETRIES = 2;

/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone, simulated slow 4G and a 4x
 * slower CPU), `runs` times, in Debian's Chromium launched by chrome-launcher. A run that Lighthouse
 * fails (`error`) is kept in the list, and another run takes its place while retries are left.
 */
export async function lighthouseRuns(url: string, runs: number): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({
    port: CHROME_PORT,
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const scores: PageScore[] = [];
    const completed = () => scores.filter((s) => !s.error).length;
    while (completed() < runs && scores.length < runs + RETRIES) {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility'],
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const { audits, categories } = result.lhr;
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const element = audits['largest-contentful-paint-element']?.details as
        | { items?: { items?: { node?: { snippet?: string } }[] }[] }
        | undefined;
      scores.push({
        score: categories.performance?.score ?? 0,
        accessibility: categories.accessibility?.score ?? 0,
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        fcpMs: numeric('first-contentful-paint'),
        lcpElement: element?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
        error: result.lhr.runtimeError?.code,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's accessibility score of a page that needs a session (a logged-in player's page, the
 * console): `prepare` sets it up in the browser first (a stored token, a cookie), and Lighthouse keeps
 * the browser's storage. On a phone's screen, or a desktop's for the console.
 */
export async function accessibilityScore(
  url: string,
  prepare: (page: Page) => Promise<void>,
  formFactor: 'mobile' | 'desktop' = 'mobile',
): Promise<number> {
  const chrome = await chromeLauncher.launch({
    port: CHROME_PORT,
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await prepare(page);
    const result = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['accessibility'], disableStorageReset: true, logLevel: 'error' },
      formFactor === 'desktop' ? desktopConfig : undefined,
      page,
    );
    await browser.disconnect();
    // A session that did not take would score the login page the guard sends the page to instead.
    if (result?.lhr.finalDisplayedUrl !== url)
      throw new Error(`accessibility of ${url}: Lighthouse ended at ${result?.lhr.finalDisplayedUrl}`);
    return result.lhr.categories.accessibility?.score ?? 0;
  } finally {
    chrome.kill();
  }
}
