import { expect, type Page, test } from '@playwright/test';
import { snap } from './support';

/**
 * The built app starts on a phone at each address a phone opens first, with no script error: a
 * chunking rule that makes two chunks import each other passes every unit test and stops the built
 * app at start-up, before its first screen.
 */
const FIRST_SCREENS: { path: string; shown: (page: Page) => ReturnType<Page['getByTestId']> }[] = [
  { path: '/#/', shown: (page) => page.getByTestId('home-page') },
  { path: '/#/activity', shown: (page) => page.getByTestId('activity-page') },
  { path: '/#/login?type=2', shown: (page) => page.getByRole('form', { name: '登录' }) },
];

for (const { path, shown } of FIRST_SCREENS) {
  test(`the built app starts at ${path} with no script error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    const started = await shown(page)
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    await snap(page, `start-up${path.replace(/[#/?=]+/g, '-')}`);
    // The script error first: it says why the screen did not come.
    expect(errors).toEqual([]);
    expect(started, 'the first screen is shown').toBe(true);
  });
}
