import { vipLevelSchema } from '@app/contract/admin/config';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi, renderPage, shapedBy } from '@/test/console';
import { VipPage } from './vip-page';

const level = (n: number, name: string, recharge: number, realperson: number) => ({
  level: n,
  name,
  recharge,
  flow: recharge * 10,
  retention_flow: recharge * 2,
  rebates: { realperson, sport: 0.5, e_sport: 0.5, joker: 0.4, electron: 0.6, lottery: 0.3 },
});
const levels = shapedBy(z.array(vipLevelSchema), [level(1, '青铜', 1000, 0.5), level(2, '白银', 5000, 0.8)]);

// A page's first render with antd is slow on a busy machine; the test renders once and opens one dialog.
// Buttons are found by their text: a query by role walks antd's whole tree each time.
describe('the VIP levels', { timeout: 60_000 }, () => {
  it("lists the levels; a level's edit opens with that level's values and, saved unchanged, sends nothing", async () => {
    const asked = fakeApi({ '/config/vip': () => levels, '/config/vip/2': () => levels[1] });
    renderPage(<VipPage />, '/config/vip');
    const silver = (await screen.findByText('白银')).closest('tr') as HTMLElement;
    expect(silver.textContent).toContain('VIP2');
    expect(silver.textContent).toContain('0.80%');

    fireEvent.click(within(silver).getByText(/修\s*改/));
    expect(await screen.findByText(/VIP2：保存后/)).toBeTruthy();
    expect((screen.getByLabelText('等级名称') as HTMLInputElement).value).toBe('白银');
    expect((screen.getByLabelText('真人视讯返水') as HTMLInputElement).value).toBe('0.80');
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '核对设置' } });
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('没有修改任何内容，无需保存')).toBeTruthy();
    expect(screen.queryByText('确认修改VIP等级')).toBeNull();
    expect(asked.some((u) => u.pathname === '/admin/api/config/vip/2')).toBe(false);
  });
});
