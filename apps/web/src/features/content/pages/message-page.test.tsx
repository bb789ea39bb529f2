import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';
import { notice } from '../test-fixtures';

const items = () => screen.queryAllByTestId('message-item');
const titles = () => items().map((item) => item.querySelector('button span span:last-child')?.textContent);

describe('/message', () => {
  it('shows the announcements (tab 1) page by page up to last_page, with the back-arrow title 消息', async () => {
    logIn();
    const calls = stubApi({
      '/api/messageNum': ok({ num: 0 }),
      '/api/noticeList': (body) =>
        ok({
          data: body.page === 1 ? [notice(3), notice(2)] : [notice(1)],
          current_page: body.page,
          last_page: 2,
          total: 3,
        }),
    });
    const { user } = renderApp('/message');

    await waitFor(() => expect(titles()).toEqual(['消息3', '消息2']));
    expect(screen.getByRole('heading', { name: '消息' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(titles()).toEqual(['消息3', '消息2', '消息1']));
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(callsTo(calls, '/api/noticeList').map((c) => c.body)).toEqual([
      { page: 1, type: 1 },
      { page: 2, type: 1 },
    ]);
  });

  it('in-site messages (tab 2): the unread count, and a tap opens a message and marks it read', async () => {
    logIn();
    const calls = stubApi({
      '/api/messageNum': ok({ num: 2 }),
      '/api/noticeList': ok({
        data: [notice(8, 0), notice(7, 0), notice(6, 1)],
        current_page: 1,
        last_page: 1,
        total: 3,
      }),
      '/api/readMessage': ok({ num: 1 }),
    });
    const { user } = renderApp('/message?type=2');

    await waitFor(() => expect(items()).toHaveLength(3));
    expect(callsTo(calls, '/api/noticeList')[0]?.body).toEqual({ page: 1, type: 2 });
    await waitFor(() => expect(screen.getByText('站内信(2)')).toBeTruthy());
    expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(2);

    const first = items()[0];
    if (!first) throw new Error('no message');
    await user.click(within(first).getByRole('button'));
    expect(within(first).getByTestId('message-content').textContent).toBe('内容8');
    await waitFor(() => expect(screen.getByText('站内信(1)')).toBeTruthy());
    expect(useSession.getState().messageNum).toBe(1);
    expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(1);
    expect(callsTo(calls, '/api/readMessage').map((c) => c.body)).toEqual([{ id: 8 }]);

    // Closing and opening again, or opening a read one, asks nothing more.
    await user.click(within(first).getByRole('button'));
    await user.click(within(first).getByRole('button'));
    const read = items()[2];
    if (read) await user.click(within(read).getByRole('button'));
    expect(callsTo(calls, '/api/readMessage')).toHaveLength(1);
  });

  it('switches tabs in the address', async () => {
    logIn();
    stubApi({
      '/api/messageNum': ok({ num: 0 }),
      '/api/noticeList': (body) =>
        ok({ data: [notice(body.type === 2 ? 20 : 10)], current_page: 1, last_page: 1, total: 1 }),
    });
    const { user, router } = renderApp('/message?type=1');
    await waitFor(() => expect(titles()).toEqual(['消息10']));
    await user.click(screen.getByText('站内信'));
    await waitFor(() => expect(titles()).toEqual(['消息20']));
    expect(currentPath(router)).toBe('/message?type=2');
  });
});
