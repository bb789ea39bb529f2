import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, fundedPlayer, operatorKey, type TestApp, targets } from './harness';

/**
 * Ids no column holds: past a bigint, past an integer, past a smallint, negative, zero, not a
 * whole number, and an article's key (`scope-type`) whose type is past a smallint.
 */
const OUT_OF_RANGE = [
  '99999999999999999999',
  '99999999999',
  '999999',
  '-1',
  '0',
  '1.5',
  'abc',
  'help-999999',
];

/** A body many routes accept (unknown fields are dropped), so that the id reaches the handler. */
const PLAUSIBLE = {
  reason: '路径编号测试',
  note: '路径编号测试',
  decision: 'reject',
  enabled: true,
  role: 'finance',
  direction: 'credit',
  amount: 1,
  turnover_multiple: 0,
  vip: 1,
};

/** Every route of the app with a path parameter, and its methods, read from the router's tree. */
function routesWithParameters(t: TestApp): { method: string; url: string }[] {
  const prefixes: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!node?.[2]) continue;
    const depth = (node[1] ?? '').length / 4;
    prefixes.length = depth;
    prefixes.push(node[2]);
    const url = prefixes.join('');
    if (!url.includes(':') || !node[3]) continue;
    for (const method of node[3].split(', ')) {
      if (method === 'GET' || method === 'POST') routes.push({ method, url });
    }
  }
  return routes;
}

describe.each(targets)('path ids on %s', (target) => {
  let t: TestApp;
  let operator = '';
  let player = '';
  beforeAll(async () => {
    t = await createTestApp(target);
    operator = await operatorKey(t.ctx);
    player = (await fundedPlayer(t, 0n)).token;
  });
  afterAll(() => t.close());

  it('answers 404 when deleting a sponsor of a type no smallint holds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/content/sponsors/999999/delete',
      headers: { authorization: `Bearer ${operator}` },
      payload: { reason: '删除测试' },
    });
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers every route with an id out of its column range with 400 or 404, in Chinese, never 500', async () => {
    const routes = routesWithParameters(t);
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const { method, url } of routes) {
      for (const bad of OUT_OF_RANGE) {
        const path = url.replace(/:[a-z_]+/gi, bad);
        for (const payload of method === 'POST' ? [{}, PLAUSIBLE] : [undefined]) {
          const res = await t.app.inject({
            method: method as 'GET' | 'POST',
            url: path,
            headers: { authorization: `Bearer ${url.startsWith('/admin/') ? operator : player}` },
            ...(payload ? { payload } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${method} ${path}: ${res.statusCode}`);
          else if (res.statusCode === 400 && !/[\u4e00-\u9fff]/.test(res.body))
            failures.push(`${method} ${path}: 400 without a Chinese message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
