import { CONTENT_ADMIN_MSG } from '@app/contract/admin/content';
import { PROTECTION_MSG } from '@app/contract/protection';
import { notHttpAddress } from '@app/contract/url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema/content';
import { auditLog } from '../src/db/schema/operators';
import { playerRestrictions } from '../src/db/schema/protection';
import { users } from '../src/db/schema/users';
import { body, createTestApp, fundedPlayer, operatorWithKey, post, type TestApp, targets } from './harness';
import { GIF_1x1, multipart, PNG_1x1, picture, pngDeclaring } from './uploads';

const JPEG_750x300 = await picture(750, 300, 'jpeg');

describe.each(targets)('the operator content API on %s', (target) => {
  let t: TestApp;
  let key = '';
  let operatorId = 0;
  let financeKey = '';
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
    const op = await operatorWithKey(t.ctx, 'operations');
    key = op.key;
    operatorId = op.id;
    financeKey = (await operatorWithKey(t.ctx, 'finance')).key;
  });
  afterAll(() => t.close());

  const admin = (path: string, payload: object = {}) =>
    post(t.app, `/admin/api/${path}`, { reason: '内容测试', ...payload }, key);
  const list = async (kind: string) =>
    body(
      await t.app.inject({
        method: 'GET',
        url: `/admin/api/content/${kind}`,
        headers: { authorization: `Bearer ${key}` },
      }),
    ).data as Record<string, string | number | boolean>[];
  const audited = async (action: string, targetId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, action),
          eq(auditLog.targetId, targetId),
          eq(auditLog.operatorId, operatorId),
        ),
      );
  const upload = (file: Buffer, name: string, type: string, as = key) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/content/images',
      ...multipart(file, name, type),
      headers: { ...multipart(file, name, type).headers, authorization: `Bearer ${as}` },
    });

  it('creates a banner from an uploaded image, edits, unpublishes, orders and deletes it, as home shows', async () => {
    const image = body(await upload(PNG_1x1, 'banner.png', 'image/png'));
    expect(image).toMatchObject({ code: 200, data: { width: 1, height: 1 } });
    const url = (image.data as { url: string }).url;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG_1x1)).toBe(true);

    const created = body(
      await admin('content/banners', { title: '双旦狂欢', image: url, link: '/activity' }),
    );
    const id = (created.data as { id: string }).id;
    const home = async () =>
      body(await post(t.app, '/api/bannerList', { type: 2 })).data as { src: string }[];
    expect((await home()).at(-1)).toEqual({ src: url, link: '/activity' });
    expect(await audited('content.edit', 'banners')).toHaveLength(1);

    expect(
      body(
        await admin(`content/banners/${id}`, { title: '双旦狂欢', image: '', link: 'https://example.com/x' }),
      ).code,
    ).toBe(200);
    expect((await home()).at(-1)).toEqual({ src: `/art/banners/${id}.svg`, link: 'https://example.com/x' });
    const [edit] = await audited('content.edit', `banners:${id}`);
    expect(edit?.before).toMatchObject({ image: url });

    expect(body(await admin(`content/banners/${id}/publish`, { enabled: false }))).toEqual({
      code: 200,
      message: '已下架',
    });
    expect((await home()).map((b) => b.src)).not.toContain(`/art/banners/${id}.svg`);
    await admin(`content/banners/${id}/publish`, { enabled: true });

    const ids = (await list('banners')).map((b) => String(b.id));
    await admin('content/banners/order', { ids: [id, ...ids.filter((x) => x !== id)] });
    expect((await home())[0]?.src).toBe(`/art/banners/${id}.svg`);

    expect(body(await admin(`content/banners/${id}/delete`))).toEqual({ code: 200, message: '已删除' });
    expect((await list('banners')).map((b) => b.id)).not.toContain(id);
    expect(body(await admin(`content/banners/${id}/delete`))).toEqual({
      code: 404,
      message: CONTENT_ADMIN_MSG.missing,
    });
    expect(await audited('content.delete', `banners:${id}`)).toHaveLength(1);
  });

  it('refuses a publish, an edit, the welcome popup and a message without a reason; the audit row carries it', async () => {
    const bare = (path: string, payload: object) => post(t.app, `/admin/api/${path}`, payload, key);
    const id = (body(await admin('content/home-notices', { text: '理由测试' })).data as { id: string }).id;
    const refusals = [
      await bare(`content/home-notices/${id}/publish`, { enabled: false }),
      await bare(`content/home-notices/${id}`, { text: '理由测试二' }),
      await bare('content/welcome', { enabled: false, content: '<p>欢迎</p>' }),
      await bare('messages', { to: 'all', title: '无理由', content: '<p>x</p>' }),
    ];
    for (const refused of refusals)
      expect(body(refused)).toEqual({ code: 400, message: '请填写操作原因（2-200字）' });

    await bare(`content/home-notices/${id}/publish`, { enabled: false, reason: '活动结束下架' });
    expect((await audited('content.publish', `home-notices:${id}`))[0]?.reason).toBe('活动结束下架');
    const player = await fundedPlayer(t, 0n);
    const message = { username: player.name, title: '维护', content: '<p>x</p>', reason: '维护通知' };
    expect(body(await bare('messages', message)).code).toBe(200);
    expect((await audited('messages.send', `message:${player.name}`))[0]?.reason).toBe('维护通知');
  });

  it('refuses a delete, a reorder and a message recall without a reason; the audit row carries it', async () => {
    const bare = (path: string, payload: object) => post(t.app, `/admin/api/${path}`, payload, key);
    const id = (body(await admin('content/home-notices', { text: '删除理由' })).data as { id: string }).id;
    const player = await fundedPlayer(t, 0n);
    await admin('messages', { username: player.name, title: '撤回理由', content: '<p>x</p>' });
    const sent = body(
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/messages',
        headers: { authorization: `Bearer ${key}` },
      }),
    ).data as { id: number; title: string }[];
    const message = sent.find((m) => m.title === '撤回理由');
    const refusals = [
      await bare(`content/home-notices/${id}/delete`, {}),
      await bare('content/home-notices/order', { ids: [id] }),
      await bare(`messages/${message?.id}/delete`, {}),
    ];
    for (const refused of refusals)
      expect(body(refused)).toEqual({ code: 400, message: '请填写操作原因（2-200字）' });

    await bare('content/home-notices/order', { ids: [id], reason: '置顶公告' });
    expect((await audited('content.edit', 'home-notices:order'))[0]?.reason).toBe('置顶公告');
    await bare(`content/home-notices/${id}/delete`, { reason: '公告过期' });
    expect((await audited('content.delete', `home-notices:${id}`))[0]?.reason).toBe('公告过期');
    await bare(`messages/${message?.id}/delete`, { reason: '发错对象' });
    expect((await audited('content.delete', `message:${message?.id}`))[0]?.reason).toBe('发错对象');
  });

  it('creates, edits, lists and deletes every kind, each change audited with what it replaced', async () => {
    const samples: [string, object, object, string][] = [
      ['banners', { title: '横幅一' }, { title: '横幅二' }, 'title'],
      ['home-notices', { text: '滚动一' }, { text: '滚动二' }, 'text'],
      [
        'notices',
        { title: '公告一', content: '<p>一</p>' },
        { title: '公告二', content: '<p>二</p>' },
        'title',
      ],
      [
        'activities',
        { type_id: 1, title: '活动一', content: '' },
        { type_id: 2, title: '活动二', content: '' },
        'title',
      ],
      ['activity-types', { name: '类型一' }, { name: '类型二' }, 'name'],
      [
        'articles',
        { scope: 'abouts', type: 6, title: '隐私一', content: '' },
        { scope: 'abouts', type: 6, title: '隐私二', content: '' },
        'title',
      ],
      ['sponsors', { type: 1, title: '赞助一', page: '' }, { type: 1, title: '赞助二', page: '' }, 'title'],
    ];
    for (const [kind, first, second, field] of samples) {
      const id = (body(await admin(`content/${kind}`, first)).data as { id: string }).id;
      expect(body(await admin(`content/${kind}/${id}`, second)), kind).toEqual({
        code: 200,
        message: '已保存',
      });
      const row = (await list(kind)).find((r) => String(r.id) === id);
      expect(row?.[field], kind).toBe((second as Record<string, string>)[field]);
      const [edit] = await audited('content.edit', `${kind}:${id}`);
      expect((edit?.before as Record<string, string> | undefined)?.[field], kind).toBe(
        (first as Record<string, string>)[field],
      );
      expect(body(await admin(`content/${kind}/${id}/delete`)).code, kind).toBe(200);
      expect(
        (await list(kind)).some((r) => String(r.id) === id),
        kind,
      ).toBe(false);
      expect(await audited('content.delete', `${kind}:${id}`), kind).toHaveLength(1);
      expect(body(await admin(`content/${kind}/${id}`, second)), kind).toEqual({
        code: 404,
        message: CONTENT_ADMIN_MSG.missing,
      });
    }
  });

  it('recognises images by their bytes: a renamed text file, an oversized or a too large image is refused', async () => {
    const text = Buffer.from('<?php echo "not an image"; ?>');
    expect(body(await upload(text, 'banner.png', 'image/png'))).toEqual({
      code: 400,
      message: CONTENT_ADMIN_MSG.uploadType,
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(body(await upload(svg, 'x.jpg', 'image/jpeg')).message).toBe(CONTENT_ADMIN_MSG.uploadType);
    expect(body(await upload(pngDeclaring(5000, 10), 'wide.png', 'image/png')).message).toBe(
      CONTENT_ADMIN_MSG.uploadDimensions,
    );
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)]);
    expect(body(await upload(big, 'big.png', 'image/png')).message).toBe(CONTENT_ADMIN_MSG.uploadSize);
    expect(body(await upload(JPEG_750x300, 'photo.jpeg', 'image/jpeg')).data).toMatchObject({
      width: 750,
      height: 300,
    });
    expect((body(await upload(GIF_1x1, 'a.gif', 'image/gif')).data as { url: string }).url).toMatch(/\.gif$/);
    // 财务 may not upload.
    expect((await upload(PNG_1x1, 'banner.png', 'image/png', financeKey)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/media/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
  });

  it('accepts only http(s) addresses or site paths in every URL field', async () => {
    for (const [kind, field, payload] of [
      ['banners', 'link', { title: 'x', link: 'javascript:alert(1)' }],
      ['banners', 'image', { title: 'x', image: 'data:image/png;base64,AAAA' }],
      ['activities', 'banner', { type_id: 1, title: 'x', content: '', banner: '//evil.example/x.png' }],
      ['sponsors', 'image', { type: 1, title: 'x', page: '', image: 'ftp://x/y.png' }],
    ] as const) {
      expect(body(await admin(`content/${kind}`, payload)), `${kind}.${field}`).toEqual({
        code: 400,
        message: notHttpAddress(field),
      });
    }
  });

  it('sanitises HTML of notices, activities, articles, sponsors and the welcome popup, and previews it so', async () => {
    const evil =
      '<p>正文</p><script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:x()">a</a>';
    const clean = '<p>正文</p><img src="x.png" /><a>a</a>';
    expect(body(await admin('content/preview', { html: evil })).data).toEqual({ html: clean });

    const notice = (
      body(await admin('content/notices', { title: '维护公告', content: evil })).data as { id: string }
    ).id;
    const announcements = body(await post(t.app, '/api/noticeList', { page: 1 })).data as {
      data: { id: number; content: string }[];
    };
    expect(announcements.data.find((n) => n.id === Number(notice))?.content).toBe(clean);
    await admin(`content/notices/${notice}/publish`, { enabled: false });
    const after = body(await post(t.app, '/api/noticeList', { page: 1 })).data as { data: { id: number }[] };
    expect(after.data.map((n) => n.id)).not.toContain(Number(notice));

    await admin('content/articles', { scope: 'help', type: 1, title: '常见问题', content: evil });
    expect(body(await post(t.app, '/api/article', { scope: 'help', type: 1 })).data).toEqual({
      title: '常见问题',
      content: clean,
    });
    expect(
      body(await admin('content/articles', { scope: 'help', type: 6, title: 'x', content: '' })).code,
    ).toBe(400);

    expect(body(await admin('content/sponsors/2', { type: 2, title: '球队', page: evil })).code).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/sponsor/2' });
    expect(page.body).toContain(clean);
    expect(page.body).not.toContain('alert');

    const welcome = body(await admin('content/welcome', { enabled: true, content: evil }));
    expect(welcome.data).toEqual({ enabled: true, content: clean });
    const info = body(await post(t.app, '/api/app')).data as {
      index_modal: number;
      webcontent: string;
    };
    expect(info).toMatchObject({ index_modal: 1, webcontent: clean });
  });

  it('edits activities and their types: a type in use cannot go, an activity appears on the list while published', async () => {
    const type = (body(await admin('content/activity-types', { name: '周末特惠' })).data as { id: string })
      .id;
    expect(body(await admin('content/activity-types', { name: '周末特惠' })).code).toBe(409);
    const activity = (
      body(
        await admin('content/activities', {
          type_id: Number(type),
          title: '周末加赠',
          content: '<p>周末</p>',
        }),
      ).data as {
        id: string;
      }
    ).id;
    const shown = async () =>
      (
        body(await post(t.app, '/api/activitylist', { type: Number(type) })).data as {
          data: { id: number }[];
        }
      ).data.map((a) => a.id);
    expect(await shown()).toEqual([Number(activity)]);
    expect(body(await admin(`content/activity-types/${type}/delete`))).toEqual({
      code: 409,
      message: CONTENT_ADMIN_MSG.typeInUse,
    });
    await admin(`content/activities/${activity}/publish`, { enabled: false });
    expect(await shown()).toEqual([]);
    await admin(`content/activities/${activity}/delete`);
    expect(body(await admin(`content/activity-types/${type}/delete`)).code).toBe(200);
    expect((await admin('content/activity-types/1/publish', { enabled: false })).statusCode).toBe(404);
  });

  it('sends in-site messages to one player, to a VIP level and to everyone but players shut out of promotions', async () => {
    const a = await fundedPlayer(t, 0n);
    const b = await fundedPlayer(t, 0n);
    await t.ctx.db.update(users).set({ vip: 7 }).where(eq(users.id, b.userId));
    const unread = async (token: string) =>
      (body(await post(t.app, '/api/messageNum', {}, token)).data as { num: number }).num;

    expect(
      body(
        await admin('messages', {
          to: 'player',
          username: a.name,
          title: '你好',
          content: '<p>hi</p><script>x</script>',
        }),
      ).data,
    ).toEqual({ sent: 1 });
    expect(
      body(await admin('messages', { to: 'vip', vip: 7, title: 'VIP7 专享', content: '<p>vip</p>' })).data,
    ).toEqual({ sent: 1 });
    expect(await unread(a.token)).toBe(1);
    expect(await unread(b.token)).toBe(1);
    expect(body(await admin('messages', { to: 'vip', vip: 99, title: '无人', content: 'x' }))).toEqual({
      code: 400,
      message: CONTENT_ADMIN_MSG.noRecipients,
    });
    // A player in a time-out gets no promotion, alone or with everyone.
    const now = new Date();
    await t.ctx.db.insert(playerRestrictions).values({
      userId: a.userId,
      kind: 'timeout',
      term: '24h',
      startsAt: now,
      endsAt: new Date(now.getTime() + 86_400_000),
    });
    const all = body(await admin('messages', { to: 'all', title: '全站', content: '<p>all</p>' }));
    expect((all.data as { sent: number }).sent).toBeGreaterThan(1);
    expect(await unread(b.token)).toBe(2);
    expect(
      body(await admin('messages', { to: 'player', username: a.name, title: 'x', content: 'x' })).message,
    ).toBe(PROTECTION_MSG.noPromotions);
    const inbox = await t.ctx.db.select().from(messages).where(eq(messages.userId, a.userId));
    expect(inbox.map((m) => m.title)).toEqual(['你好']);

    const sent = body(
      await t.app.inject({
        method: 'GET',
        url: '/admin/api/messages',
        headers: { authorization: `Bearer ${key}` },
      }),
    ).data as { id: number; username: string; title: string; content: string }[];
    const mine = sent.find((m) => m.username === a.name && m.title === '你好');
    expect(mine?.content).toBe('<p>hi</p>');
    expect(body(await admin(`messages/${mine?.id}/delete`)).code).toBe(200);
    expect(await audited('messages.send', 'message:all')).toHaveLength(1);
    expect(
      body(
        await post(
          t.app,
          '/admin/api/messages',
          { username: a.name, title: 'x', content: 'x', reason: '内容测试' },
          financeKey,
        ),
      ).code,
    ).toBe(403);
  });
});
