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

test('a popup holds the keyboard while open, closes on Escape and gives focus back to its opener', async ({
  page,
}) => {
  await page.goto('/#/');
  await settled(page);
  const opener = page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '更多' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: '更多功能' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator(':focus')).toHaveCount(1);
  // Its ten entries and 关闭, and round again: Tab never leaves it.
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab');
    await expect(sheet.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
});
