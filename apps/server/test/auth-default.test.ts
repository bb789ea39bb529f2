import { OPERATOR_MSG } from '@app/contract/admin/auth';
import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, registerPlayer, type TestApp } from './harness';

interface Route {
  method: string;
  url: string;
}

/** Every route of the app, read from its route tree (one line a path segment, its methods after it). */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const found = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!found) continue;
    const [, indent = '', segment = '', methods] = found;
    segments.length = indent.length / 4;
    segments.push(segment);
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: segments.join('') });
    }
  }
  return routes;
}

const named = ({ method, url }: Route) => `${method} ${url}`;
const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '1');

/** What is not the player API nor the back office, each with its own access: left as it is. */
const ELSEWHERE = [
  /^\/api\/docs/, // the OpenAPI page
  /^\/api\/openapi\.json$/,
  /^\/(livez|readyz|healthz)$/, // probes
  /^\/pay\/checkout\//, // the payment sandbox: signed links
  /^\/venue\/demo\//, // the demo venue: its own signed launch
];
const OPERATOR_AREA = [/^\/admin\/api\//, /^\/media\//];

/**
 * The player routes open without a login: signing up and in, the site's information, the lists and
 * pictures a visitor browses, and the payment gateway's signed notification. A body where the
 * route's answer to a visitor depends on it. Adding a public route is a change of this list.
 */
const PUBLIC: Record<string, object> = {
  'GET /api/captcha': {},
  'POST /api/register': {},
  'POST /api/register/link': {},
  'POST /api/login_pc': {},
  'POST /api/app': {},
  'GET /api/getVisitUrl': {},
  'POST /api/getservicerurl': {},
  'POST /api/banklist': {},
  'GET /api/get_pay_way': {},
  'POST /api/getPayRange': {},
  // A visitor with the order's link token; the token's owner otherwise.
  'POST /api/payinfo': { deposit_no: 'DP1', order_token: 'x' },
  'POST /pay/api/notify': {},
  'GET /pay/qr/:file': {},
  'GET /api/game/list': {},
  'POST /api/gamelistBycode': {},
  'POST /api/bannerList': {},
  'POST /api/homenotice': {},
  // Notices to anyone (type 1), messages to their player (type 2).
  'POST /api/noticeList': { type: 1 },
  'POST /api/activitytype': {},
  'POST /api/activitylist': {},
  'POST /api/activitydeatil': {},
  'POST /api/uservip': {},
  'POST /api/article': {},
  'POST /api/sponsors': {},
  'POST /api/agent/link-visit': { referrer: 'nolink' },
  'GET /art/games/:venue/:file': {},
  'GET /art/platforms/:file': {},
  'GET /art/banners/:file': {},
  'GET /art/activities/:file': {},
  'GET /art/sponsors/:file': {},
  'GET /art/app-qr.svg': {},
  'GET /sponsor/:type': {},
  'GET /uploads/avatars/:file': {},
};

/** The back office's routes open without an operator session: the first sign-in step, the uploaded pictures. */
const OPERATOR_PUBLIC = ['POST /admin/api/auth/sign-in', 'GET /media/:file'];

describe('authentication on by default', () => {
  let t: TestApp;
  let routes: Route[];
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMIT_LOGIN: '2' } });
    routes = routesOf(t.app);
  });
  afterAll(() => t.close());

  const call = (route: Route, payload: object = {}, token?: string) =>
    t.app.inject({
      method: route.method as 'GET' | 'POST',
      url: concrete(route.url),
      ...(route.method === 'GET' ? {} : { payload }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const playerRoutes = () =>
    routes.filter(({ url }) => ![...ELSEWHERE, ...OPERATOR_AREA].some((area) => area.test(url)));

  it('reads the routes of every player module', () => {
    const names = playerRoutes().map(named);
    expect(names.length).toBeGreaterThan(80);
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/balance', 'POST /api/withdraw', ...Object.keys(PUBLIC)]),
    );
  });

  it('answers 401 to a caller without a token on every player route that is not declared public', async () => {
    const guarded = playerRoutes().filter((route) => !(named(route) in PUBLIC));
    const refused = [];
    for (const route of guarded) {
      const res = await call(route);
      refused.push({ route: named(route), status: res.statusCode, body: res.json() });
    }
    expect(refused).toEqual(
      guarded.map((route) => ({
        route: named(route),
        status: 401,
        body: { code: 401, message: SERVER_MSG.notLoggedIn },
      })),
    );
  });

  it('serves exactly the declared public player routes to a visitor', async () => {
    const open = [];
    for (const route of playerRoutes()) {
      const res = await call(route, PUBLIC[named(route)]);
      if (res.statusCode !== 401) open.push(named(route));
    }
    expect(open.sort()).toEqual(Object.keys(PUBLIC).sort());
  });

  it('still reads the session on a public route when a token comes', async () => {
    const { token } = await registerPlayer(t.app);
    const messages = { method: 'POST', url: '/api/noticeList' };
    expect((await call(messages, { type: 2 })).statusCode).toBe(401);
    expect(body(await call(messages, { type: 2 }, token)).code).toBe(200);
  });

  it('checks the session before the rate limit: a caller without one spends no attempts', async () => {
    const { token } = await registerPlayer(t.app);
    const withdraw = { method: 'POST', url: '/api/withdraw' };
    for (let i = 0; i < 3; i++) expect((await call(withdraw)).statusCode).toBe(401);
    expect((await call(withdraw, {}, token)).statusCode).not.toBe(429);
  });

  it('answers 401 to a caller without a session on every back-office route but the declared public ones', async () => {
    const office = routes.filter(({ url }) => OPERATOR_AREA.some((area) => area.test(url)));
    expect(office.length).toBeGreaterThan(60);
    const answers = [];
    for (const route of office) {
      const res = await call(route);
      answers.push({ route: named(route), status: res.statusCode === 401 ? 401 : 'open' });
    }
    expect(answers).toEqual(
      office.map((route) => ({
        route: named(route),
        status: OPERATOR_PUBLIC.includes(named(route)) ? 'open' : 401,
      })),
    );
    const signedOut = await call({ method: 'GET', url: '/admin/api/players' });
    expect(body(signedOut)).toEqual({ code: 401, message: OPERATOR_MSG.signInFirst });
  });
});
