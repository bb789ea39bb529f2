import { expect, type Page, test } from '@playwright/test';
import { PATH } from '../../apps/web/src/shared/routes/paths';
import { expectNoSeriousViolations } from './axe';
import { fundedPlayer, openAs } from './support';

/** Every route of the player app (its route table), so that a new route is checked without a change here. */
const ROUTES = Object.values(PATH);

/**
 * The route has drawn what it loads: its code in place (no fallback, no progress bar) and no
 * skeleton or spinner left, and no toast fading in or out (axe measured a half-faded toast's text
 * as low contrast once). Not "network idle": a game's page and the polls never go quiet.
 */
async function settled(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(
    page.locator('[role="progressbar"], [role="status"], .adm-skeleton, .adm-spin-loading, .adm-toast-mask'),
  ).toHaveCount(0);
}

test('every player route has no serious accessibility violation, logged out', async ({ page }) => {
  test.setTimeout(ROUTES.length * 8_000);
  for (const route of ROUTES) {
    await page.goto(`/#${route}`);
    await settled(page);
    await expectNoSeriousViolations(page, `${route} (logged out)`);
  }
});

test('every player route has no serious accessibility violation, logged in', async ({ page, request }) => {
  test.setTimeout(ROUTES.length * 8_000);
  const { token } = await fundedPlayer(request, 500);
  await openAs(page, token, PATH.home);
  for (const route of ROUTES) {
    await page.goto(`/#${route}`);
    await settled(page);
    await expectNoSeriousViolations(page, `${route} (logged in)`);
  }
});
