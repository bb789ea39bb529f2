import { createHmac } from 'node:crypto';
import { PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { PaymentStatement } from '../src/payments/gateway';
import { signFields, urlToken } from '../src/payments/signature';
import {
  body,
  createTestApp,
  fundedPlayer,
  PRODUCTION_SECRETS,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
} from './harness';

const OLD = {
  link: 'old-pay-link-key-'.padEnd(40, 'o'),
  callback: 'old-callback-key-'.padEnd(40, 'o'),
  venue: 'old-demo-venue-key-'.padEnd(40, 'o'),
};

/** A clock the tests move past the grace period. */
function movableClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
}

describe('one secret per purpose in production', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@db.internal/x',
    ...PRODUCTION_SECRETS,
  };

  it.each(['PAYMENT_CALLBACK_SECRET', 'PAY_LINK_SECRET', 'DEMO_VENUE_SECRET'])(
    'refuses to start without %s',
    (name) => {
      expect(() => loadConfig({ ...production, [name]: undefined })).toThrow(
        new RegExp(`${name} must be set`),
      );
    },
  );

  it('refuses one key for two purposes, a short key, the old single secret, and a rotation without an end', () => {
    expect(loadConfig(production).secrets.payLink.current).toBe(PRODUCTION_SECRETS.PAY_LINK_SECRET);
    expect(() =>
      loadConfig({ ...production, DEMO_VENUE_SECRET: PRODUCTION_SECRETS.PAY_LINK_SECRET }),
    ).toThrow(/One secret per purpose/);
    expect(() => loadConfig({ ...production, PAY_LINK_SECRET: 'short' })).toThrow(
      /PAY_LINK_SECRET: at least 32/,
    );
    expect(() => loadConfig({ ...production, PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) })).toThrow(
      /replaced by one secret per purpose/,
    );
    expect(() => loadConfig({ ...production, PAY_LINK_SECRET_PREVIOUS: OLD.link })).toThrow(
      /PAY_LINK_SECRET_PREVIOUS needs PAY_LINK_SECRET_PREVIOUS_UNTIL/,
    );
    expect(() =>
      loadConfig({
        ...production,
        PAY_LINK_SECRET_PREVIOUS: OLD.link,
        PAY_LINK_SECRET_PREVIOUS_UNTIL: 'tomorrow',
      }),
    ).toThrow(/ISO time/);
  });

  it('gives each purpose its own development key when none is set', () => {
    const keys = Object.values(loadConfig({}).secrets).map((ring) => ring.current);
    expect(new Set(keys).size).toBe(3);
  });
});

describe.each(targets)('a rotated key is accepted until its grace period ends, on %s', (target) => {
  let t: TestApp;
  const clock = movableClock();
  const graceEnds = new Date(Date.now() + 60 * 60_000);
  beforeAll(async () => {
    t = await createTestApp(target, {
      demo: true,
      clock,
      env: {
        PAY_LINK_SECRET_PREVIOUS: OLD.link,
        PAY_LINK_SECRET_PREVIOUS_UNTIL: graceEnds.toISOString(),
        PAYMENT_CALLBACK_SECRET_PREVIOUS: OLD.callback,
        PAYMENT_CALLBACK_SECRET_PREVIOUS_UNTIL: graceEnds.toISOString(),
        DEMO_VENUE_SECRET_PREVIOUS: OLD.venue,
        DEMO_VENUE_SECRET_PREVIOUS_UNTIL: graceEnds.toISOString(),
      },
    });
  });
  afterAll(() => t.close());

  it('an order page link, a gateway statement and a game launch signed with the previous key work in the grace period only', async () => {
    // Made before the rotation: signed with what was then the current key.
    const owner = await fundedPlayer(t, 0n);
    const order = body(await post(t.app, '/api/recharge', { paytype: 'usdt', amount: 100 }, owner.token))
      .data as {
      deposit_no: string;
      order_token: string;
    };
    const oldLink = {
      deposit_no: order.deposit_no,
      order_token: urlToken('payinfo', order.deposit_no, OLD.link),
    };
    expect(oldLink.order_token).not.toBe(order.order_token);

    const payer = await fundedPlayer(t, 0n);
    const online = body(
      await post(
        t.app,
        '/pay/api/recharge',
        { payAmount: 300, username: payer.name, payType: 'wechat' },
        payer.token,
      ),
    ).data as { orderNo: string; url: string };
    await t.app.inject({ method: 'POST', url: online.url.replace('?', '/pay?') });
    const { sign: _, ...fields } = (await t.ctx.gateway.queryPayment(online.orderNo)) as PaymentStatement;
    const oldStatement = { ...fields, sign: signFields(fields, OLD.callback) };

    const gamer = await playerWithBoundCard(t, 100_00n);
    const launch = { plat_name: 'pp', game_code: 'pp001', game_type: 0, is_mobile_url: 1 };
    const launchUrl = async () => {
      const { url } = body(await post(t.app, '/api/getGameUrl', launch, gamer.token)).data as { url: string };
      const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
      const [payload = ''] = token.split('.');
      const oldSignature = createHmac('sha256', OLD.venue).update(payload).digest('base64url');
      return `/venue/demo/launch?token=${encodeURIComponent(`${payload}.${oldSignature}`)}`;
    };

    // In the grace period every node still accepts them.
    expect(body(await post(t.app, '/api/payinfo', oldLink)).code).toBe(200);
    expect(body(await post(t.app, '/api/payinfo', order)).code).toBe(200);
    expect(body(await post(t.app, '/pay/api/notify', oldStatement)).code).toBe(200);
    expect(await t.ctx.ledger.balance({ central: payer.userId })).toBe(30_000n);
    const opened = await t.app.inject({ method: 'GET', url: await launchUrl() });
    expect(opened.statusCode).toBe(303);
    expect(String(opened.headers['set-cookie'])).toMatch(/./);

    // Past it, only the current key's work.
    clock.advance(2 * 60 * 60_000);
    expect(body(await post(t.app, '/api/payinfo', oldLink))).toEqual({
      code: 404,
      message: PAYMENT_SERVER_MSG.orderNotFound,
    });
    expect(body(await post(t.app, '/api/payinfo', { ...order, order_token: order.order_token })).code).toBe(
      200,
    );
    expect(body(await post(t.app, '/pay/api/notify', oldStatement))).toEqual({
      code: 400,
      message: PAYMENT_SERVER_MSG.signature,
    });
    const refused = await t.app.inject({ method: 'GET', url: await launchUrl() });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
