import { ACCOUNT_SERVER_MSG } from '@app/contract/account-rules';
import { amountTooLarge } from '@app/contract/amount';
import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { SERVER_MSG } from '@app/contract/messages';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { avatars } from '../src/db/schema/avatars';
import { activities, notices } from '../src/db/schema/content';
import { ledgerTransfers } from '../src/db/schema/ledger';
import { users } from '../src/db/schema/users';
import { withdrawals } from '../src/db/schema/wallet';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  operatorKey,
  playerWithBoundCard,
  post,
  registration,
  type TestApp,
  targets,
  uniqueName,
  violations,
} from './harness';

/**
 * Input that once reached a 500 (issue 12, point 5): each is now a 400 with a Chinese message
 * naming the field, and nothing is stored.
 */
/** A superadmin's API key, made in each suite's beforeAll. */
let operator = '';

describe.each(targets)('malformed input on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const rows = async (table: PgTable) => (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const admin = (path: string, payload: object) => post(t.app, `/admin/api/${path}`, payload, operator);

  it('refuses a NUL byte in any string, logged in or not, naming the field', async () => {
    const login = await post(t.app, '/api/login_pc', {
      name: 'someone1',
      password: 'secret123',
      code: CAPTCHA,
      captcha_key: 'a\u0000b',
    });
    expect(body(login)).toEqual({ code: 400, message: SERVER_MSG.badCharacters('captcha_key') });

    const before = await rows(notices);
    const notice = await admin('content/notices', { title: '公告', content: '<p>a\u0000</p>' });
    expect(body(notice)).toEqual({ code: 400, message: SERVER_MSG.badCharacters('content') });
    expect(await rows(notices)).toBe(before);

    const { token } = await playerWithBoundCard(t, 0n);
    const query = await t.app.inject({
      method: 'GET',
      url: '/pay/api/queryOrderNo?orderNo=DP1%00',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(body(query)).toEqual({ code: 400, message: SERVER_MSG.badCharacters('orderNo') });
  });

  it('refuses a lone surrogate in a value or a key, naming the field, and registers no one', async () => {
    const before = await rows(users);
    const name = `${uniqueName()}\uD800`;
    const res = await post(t.app, '/api/register', {
      ...registration(name),
      captcha_key: await captchaKey(t.app),
    });
    expect(body(res)).toEqual({ code: 400, message: SERVER_MSG.badCharacters('name') });
    const nested = await admin('content/notices', { title: '公告', content: 'x', extra: { 'k\uDC00': 1 } });
    expect(body(nested)).toEqual({ code: 400, message: SERVER_MSG.badCharacters('extra.k?') });
    expect(await rows(users)).toBe(before);
  });

  it.each([1e17, 1e21, 1e308, '1000000000000000000000'])(
    'refuses an amount of %s on transfer, withdrawal and operator credit, and moves nothing',
    async (amount) => {
      const p = await playerWithBoundCard(t, 100_000n);
      const moved = await rows(ledgerTransfers);
      const tooLarge = { code: 400, message: amountTooLarge('amount') };
      const transfer = await post(
        t.app,
        '/api/transfer',
        { amount, sourcetype: 'userbalance', targettype: 'pp' },
        p.token,
      );
      expect(body(transfer)).toEqual(tooLarge);
      const withdraw = await post(
        t.app,
        '/api/withdraw',
        { amount, bank: p.cardId, password: 'paypass123' },
        p.token,
      );
      expect(body(withdraw)).toEqual(tooLarge);
      if (typeof amount === 'number') {
        const credit = await admin(`players/${p.userId}/adjustments`, {
          direction: 'credit',
          amount,
          reason: '活动补偿',
          key: `huge-${amount}-key`,
        });
        expect(body(credit)).toEqual(tooLarge);
      }
      expect(await rows(ledgerTransfers)).toBe(moved);
      expect(await rows(withdrawals)).toBe(0);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_000n);
    },
  );

  it('refuses multipart without a boundary or with a wrong one, and keeps the avatar', async () => {
    const p = await playerWithBoundCard(t, 0n);
    const file =
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--xyz--\r\n';
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploadimg',
        payload: file,
        headers: { authorization: `Bearer ${p.token}`, 'content-type': contentType },
      });
      expect(body(res)).toEqual({ code: 400, message: ACCOUNT_SERVER_MSG.uploadMalformed });
    }
    expect(await rows(avatars)).toBe(0);
  });

  it('refuses an activity of an unknown type, and publishes nothing', async () => {
    const before = await rows(activities);
    const activity = { cate: 1, title: '新活动', content: '<p>内容</p>', reason: '新活动上线' };
    expect(body(await admin('content/activities', { ...activity, type_id: 999 }))).toEqual({
      code: 400,
      message: CONTENT_SERVER_MSG.activityTypeMissing,
    });
    expect(body(await admin('content/activities', { ...activity, type_id: 2 ** 31 }))).toEqual({
      code: 400,
      message: `${SERVER_MSG.badInput}：type_id`,
    });
    expect(await rows(activities)).toBe(before);
  });

  it('refuses ids past int4 on activity calls and days that are not dates on the daily jobs', async () => {
    expect(body(await post(t.app, '/api/activitydeatil', { id: 2 ** 31 }))).toEqual({
      code: 400,
      message: `${SERVER_MSG.badInput}：id`,
    });
    expect(body(await post(t.app, '/api/activitylist', { type: '99999999999' })).code).toBe(400);
    const job = await admin('jobs/run', { job: 'rebates', day: '2026-13-45' });
    expect(body(job)).toEqual({ code: 400, message: '参数错误：day 应为 YYYY-MM-DD 格式的日期' });
  });
});
