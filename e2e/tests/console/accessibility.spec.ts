import { expect, test } from '@playwright/test';
import { ROUTES } from '../../../apps/admin/src/shared/routes/table';
import { expectNoSeriousViolations } from '../axe';
import { fundedPlayer, operatorHeaders } from '../support';
import { signInDemo } from './console-support';

test('every console page has no serious accessibility violation, and a dialog keeps focus', async ({
  page,
  request,
}) => {
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

  // antd's Modal (every console dialog: shared/ui/reason-action.tsx) locks focus in itself. Tab from
  // its last control goes, as from a native modal <dialog>, to the browser's own UI (the document's
  // body here) for one press and then back to its first: never to a control of the page behind.
  await test.step('the 创建操作员 dialog keeps focus and gives it back', async () => {
    await page.goto('/admin/operators');
    const opener = page.getByRole('button', { name: '创建操作员' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '创建操作员' });
    await expect(dialog).toBeVisible();
    const focusIs = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        return active.closest('.ant-modal') ? 'dialog' : `page: ${active.outerHTML.slice(0, 80)}`;
      });
    expect(await focusIs()).toBe('dialog');
    const places: string[] = [];
    // Two rounds of the dialog's controls (close, three fields, the reason, two buttons).
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab');
      places.push(await focusIs());
    }
    expect(places.filter((p) => p !== 'dialog' && p !== 'browser')).toEqual([]);
    expect(places.filter((p) => p === 'dialog').length).toBeGreaterThanOrEqual(14);
    await page.keyboard.press('Shift+Tab');
    expect(await focusIs()).toBe('dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
