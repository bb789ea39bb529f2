import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules; a serious or critical violation fails the page. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe-core over what the page shows and fails (softly: every page is still checked) on any
 * serious or critical violation, naming each. In the page itself only (legacy mode): the frames an
 * app page shows are other sites' (a sponsor, customer service), and the default mode's results
 * page, opened per run, took seconds on a busy machine and hung on a sandboxed frame.
 */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  const failing = violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(failing, where).toEqual([]);
}
