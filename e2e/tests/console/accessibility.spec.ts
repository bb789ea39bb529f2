import { expect, test } from '@playwright/test';
import { ROUTES } from '../../../apps/admin/src/shared/routes/table';
import { expectNoSeriousViolations } from '../axe';
import { fundedPlayer, operatorHeaders } from '../support';
import { signInDemo } from './console-support';

test('every console page has no serious accessibility violation', async ({ page, request }) => {
  const pages = Object.values(ROUTES);
  test.setTimeout(60_000 + pages.length * 10_000);
  // A player of the run's own for the pages of one player (their `:id`).
  const { name } = await fundedPlayer(request, 100);
  const found = await request.get('/admin/api/players', {
    headers: operatorHeaders(),
    params: { field: 'username', q: name },
  });
  const id = ((await found.json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;

  await page.goto('/admin/');
  await expectNoSeriousViolations(page, 'sign-in');
  await signInDemo(page, 'admin');
  for (const { path, label } of pages) {
    await page.goto(`/admin${path.replace(':id', String(id))}`);
    await expect(page.locator('.ant-breadcrumb').getByText(label, { exact: true })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    await expectNoSeriousViolations(page, path);
  }
});
