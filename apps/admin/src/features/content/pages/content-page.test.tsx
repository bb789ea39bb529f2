import { contentRowSchema } from '@app/contract/admin/content';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi, renderPage, shapedBy } from '@/test/console';
import { ContentPage } from './content-page';

const rows = z.array(contentRowSchema);
const banners = shapedBy(rows, [
  { id: 1, title: '新春活动', image: '/art/banner-1.jpg', link: '', enabled: true },
]);
const notices = shapedBy(rows, [
  { id: 7, title: '维护通知', created_at: '2026-03-01 10:00:00', enabled: true },
]);

// A page's first render with antd is slow on a busy machine; the test renders once, changes tab and asks once.
// Buttons are found by their text: a query by role walks antd's whole tree each time.
describe('the content', { timeout: 60_000 }, () => {
  it("shows a tab's rows, asks for another kind on another tab, and asks a reason before unpublishing", async () => {
    const published: unknown[] = [];
    const asked = fakeApi({
      '/content/banners': () => banners,
      '/content/notices': () => notices,
      '/content/notices/7/publish': (_url, body) => published.push(body),
    });
    renderPage(<ContentPage />, '/content');
    expect(await screen.findByText('新春活动')).toBeTruthy();
    expect(asked.some((u) => u.pathname === '/admin/api/content/notices')).toBe(false);

    fireEvent.click(screen.getByText('公告'));
    const notice = (await screen.findByText('维护通知')).closest('tr') as HTMLElement;
    expect(asked.some((u) => u.pathname === '/admin/api/content/notices')).toBe(true);

    fireEvent.click(notice.querySelector('[role="switch"]') as HTMLElement);
    expect(
      await screen.findByText('「维护通知」下架后玩家端立即不再显示。', { selector: '.ant-alert *' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('请填写操作原因（2-200字）')).toBeTruthy();
    expect(published).toEqual([]);

    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '维护已结束' } });
    fireEvent.click(screen.getByText('下一步'));
    fireEvent.click(await screen.findByText('确认下架公告'));
    await waitFor(() => expect(published).toEqual([{ enabled: false, reason: '维护已结束' }]));
  });
});
