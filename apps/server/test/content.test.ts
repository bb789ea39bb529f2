import { CONTENT_MSG, CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, fundedPlayer, operatorKey, post, type TestApp, targets } from './harness';

/** An operator's API key, made in each suite's beforeAll. */
let operator = '';

describe.each(targets)('content on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  // Every content change carries the operator's reason (the console asks for it).
  const admin = (path: string, payload: object) =>
    post(t.app, `/admin/api/${path}`, { reason: '内容测试', ...payload }, operator);

  it('answers banners, home notices, activity types and the activity list', async () => {
    const banners = body(await post(t.app, '/api/bannerList', { type: 2 })).data as { src: string }[];
    expect(banners).toHaveLength(3);
    const art = await t.app.inject({ method: 'GET', url: banners[0]?.src ?? '' });
    expect(art.headers['content-type']).toBe('image/svg+xml');
    expect(art.body).toContain('新人首存礼');
    expect((body(await post(t.app, '/api/homenotice')).data as string[])[0]).toContain('欢迎来到星云娱乐');
    expect(body(await post(t.app, '/api/activitytype')).data).toEqual([
      { id: 1, name: '新人专享' },
      { id: 2, name: '日常活动' },
      { id: 3, name: '返水优惠' },
    ]);
    const all = body(await post(t.app, '/api/activitylist', {})).data as {
      data: { type: number; cate: number }[];
    };
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    const daily = body(await post(t.app, '/api/activitylist', { type: 2 })).data as {
      data: { type: number }[];
    };
    expect(daily.data.every((a) => a.type === 2)).toBe(true);
  });

  it('shows an activity to visitors, and lets a player apply once, seen in the application log', async () => {
    const detail = body(await post(t.app, '/api/activitydeatil', { id: 1 })).data as {
      title: string;
      content: string;
      applied: number;
    };
    expect(detail).toMatchObject({ title: '新人首存 100% 加赠', applied: 0 });
    expect(detail.content).toContain('<b>100%</b>');
    expect((await post(t.app, '/api/activityApply', { id: 1 })).statusCode).toBe(401);

    const p = await fundedPlayer(t, 0n);
    expect(body(await post(t.app, '/api/activityApply', { id: 1 }, p.token))).toEqual({
      code: 200,
      message: CONTENT_SERVER_MSG.activityApplied,
    });
    expect(body(await post(t.app, '/api/activityApply', { id: 1 }, p.token))).toEqual({
      code: 409,
      message: CONTENT_SERVER_MSG.activityTwice,
    });
    expect(body(await post(t.app, '/api/activityApply', { id: 999 }, p.token)).code).toBe(404);
    expect(
      (body(await post(t.app, '/api/activitydeatil', { id: 1 }, p.token)).data as { applied: number })
        .applied,
    ).toBe(1);
    const log = body(await post(t.app, '/api/activityApplyLog', { page: 1 }, p.token)).data as {
      data: { activity_name: string; state: number }[];
      total: number;
    };
    expect(log).toMatchObject({ total: 1, data: [{ activity_name: '新人首存 100% 加赠', state: 1 }] });
  });

  it('stores and serves activity HTML without scripts, handlers or javascript: links', async () => {
    const evil =
      '<p>促销</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a><a href="https://example.com/x">正常</a>';
    const created = body(
      await admin('content/activities', {
        type_id: 2,
        title: '测试活动',
        content: evil,
        memo: '<p onclick="x()">备注</p>',
      }),
    ).data as { id: string };
    const detail = body(await post(t.app, '/api/activitydeatil', { id: Number(created.id) })).data as {
      content: string;
      memo: string;
      banner: string;
    };
    expect(detail.content).not.toMatch(/script|onerror|javascript:/i);
    expect(detail.content).toContain('<p>促销</p>');
    expect(detail.content).toContain('href="https://example.com/x"');
    expect(detail.memo).toBe('<p>备注</p>');
    expect(detail.banner).toBe(`/art/activities/${created.id}.svg`);
  });

  it('pages announcements to last_page, and in-site messages only for their player, with the unread count', async () => {
    for (let i = 0; i < RECORDS_PAGE_SIZE; i++)
      await admin('content/notices', { title: `公告${i}`, content: `<p>内容${i}</p>` });
    const first = body(await post(t.app, '/api/noticeList', { page: 1 })).data as {
      data: unknown[];
      last_page: number;
      total: number;
    };
    expect(first.total).toBe(RECORDS_PAGE_SIZE + 3);
    expect(first.last_page).toBe(2);
    const second = body(await post(t.app, '/api/noticeList', { page: 2 })).data as { data: unknown[] };
    expect(second.data).toHaveLength(3);

    const p = await fundedPlayer(t, 0n);
    const other = await fundedPlayer(t, 0n);
    await admin('messages', {
      username: p.name,
      title: '欢迎',
      content: '<p>欢迎加入</p><script>x</script>',
    });
    await admin('messages', { username: p.name, title: '活动通知', content: '<p>红包雨开始啦</p>' });
    expect((await post(t.app, '/api/noticeList', { type: 2 })).statusCode).toBe(401);
    const mine = body(await post(t.app, '/api/noticeList', { type: 2 }, p.token)).data as {
      data: { id: number; content: string; is_read: number }[];
    };
    expect(mine.data.map((m) => m.is_read)).toEqual([0, 0]);
    expect(mine.data[1]?.content).toBe('<p>欢迎加入</p>');
    expect(
      (body(await post(t.app, '/api/noticeList', { type: 2 }, other.token)).data as { total: number }).total,
    ).toBe(0);
    expect(body(await post(t.app, '/api/messageNum', {}, p.token)).data).toEqual({ num: 2 });
    // Another player cannot mark it read.
    await post(t.app, '/api/readMessage', { id: mine.data[0]?.id }, other.token);
    expect(body(await post(t.app, '/api/messageNum', {}, p.token)).data).toEqual({ num: 2 });
    expect(body(await post(t.app, '/api/readMessage', { id: mine.data[0]?.id }, p.token)).data).toEqual({
      num: 1,
    });
  });

  it('answers the VIP ladder with rates in percent and what the player reaches', async () => {
    const visitor = body(await post(t.app, '/api/uservip')).data as {
      level: number;
      reached: number;
      electron: number;
      recharge: number;
    }[];
    expect(visitor).toHaveLength(10);
    expect(visitor[0]).toMatchObject({ level: 1, recharge: 0, electron: 0.5, reached: 0 });
    const p = await fundedPlayer(t, 0n);
    const mine = body(await post(t.app, '/api/uservip', {}, p.token)).data as {
      level: number;
      reached: number;
    }[];
    expect(mine.filter((l) => l.reached === 1).map((l) => l.level)).toEqual([1]);
  });

  it('keeps the help centre’s and the rules page’s texts apart', async () => {
    const help = body(await post(t.app, '/api/article', { type: 5 })).data as { title: string };
    const abouts = body(await post(t.app, '/api/article', { type: 5, scope: 'abouts' })).data as {
      title: string;
    };
    expect(help.title).toBe('代理加盟');
    expect(abouts.title).toBe('条款与规则');
    expect(body(await post(t.app, '/api/article', { type: 9 })).code).toBe(400);
  });

  it('the responsible-gambling article points to the settings below it, not to customer service', async () => {
    const article = body(await post(t.app, '/api/article', { type: 8 })).data as { content: string };
    expect(article.content).not.toContain('客服');
    expect(article.content).toContain('下方按钮');
  });

  it('answers the two sponsors and serves their pages', async () => {
    const list = body(await post(t.app, '/api/sponsors')).data as { url: string; image: string }[];
    expect(list).toHaveLength(2);
    const page = await t.app.inject({ method: 'GET', url: list[0]?.url ?? '' });
    expect(page.body).toContain('星云竞技战队');
    expect((await t.app.inject({ method: 'GET', url: list[1]?.image ?? '' })).statusCode).toBe(200);
  });

  it('takes one open agent application per player, with the spec’s messages', async () => {
    const p = await fundedPlayer(t, 0n);
    const apply = (payload: object) => post(t.app, '/api/applyagentdo', payload, p.token);
    expect(body(await apply({ mobile: '12345678901', apply_info: '推广' }))).toEqual({
      code: 400,
      message: CONTENT_MSG.mobile,
    });
    expect(body(await apply({ mobile: '1381234567', apply_info: '推广' }))).toEqual({
      code: 400,
      message: CONTENT_MSG.mobile,
    });
    expect(body(await apply({ mobile: '13812345678', apply_info: '  ' }))).toEqual({
      code: 400,
      message: CONTENT_MSG.reason,
    });
    expect(body(await apply({ mobile: '13812345678', apply_info: '有推广资源' }))).toEqual({
      code: 200,
      message: CONTENT_SERVER_MSG.agentApplied,
    });
    expect(body(await apply({ mobile: '13812345678', apply_info: '再申请' }))).toEqual({
      code: 409,
      message: CONTENT_SERVER_MSG.agentPending,
    });
  });

  it('sanitises the welcome popup an operator sets', async () => {
    await admin('settings/site', { index_modal: 1, webcontent: '<p>你好</p><img src=x onerror=alert(1)>' });
    const app = body(await post(t.app, '/api/app')).data as { index_modal: number; webcontent: string };
    expect(app.index_modal).toBe(1);
    expect(app.webcontent).toBe('<p>你好</p><img src="x" />');
    await admin('settings/site', { index_modal: 0 });
  });
});
