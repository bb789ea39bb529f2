import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  operatorKey,
  playerWithBoundCard,
  post,
  registerPlayer,
  type TestApp,
  violations,
} from './harness';
import {
  fuzzArbitrary,
  type JsonSchema,
  leafPaths,
  queryString,
  validArbitrary,
  WRONG_TYPES,
  withValueAt,
} from './openapi-arbitraries';

/**
 * A property-based fuzz of every route and method of the app's own OpenAPI document (DESIGN.md
 * section 8): generated bodies and queries (well shaped, boundary values, huge numbers, wrong
 * types, NUL bytes, lone surrogates, very long strings, nested junk, broken multipart and JSON),
 * through the HTTP stack, as a player where the route needs one and as the operator on
 * /admin/api. No answer may be a 5xx.
 */
/** A superadmin's API key, made in each suite's beforeAll. */
let operator = '';
const SEED = 20_261_125;
/** Generated requests per route, on top of the sweep of every poison through every field. */
const RUNS_PER_ROUTE = 10;
/** What the sweep puts in every field in turn: the values that reached a 500 before, and their kin. */
const LEAF_POISONS: unknown[] = [
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  'a'.repeat(70_000),
  '9'.repeat(400),
  '',
  'javascript:alert(1)',
  -1,
  1.005,
  2 ** 31,
  2 ** 53 + 2,
  1e17,
  1e21,
  1e308,
  null,
  [],
  { a: { b: ['\u0000'] } },
  WRONG_TYPES[WRONG_TYPES.length - 1],
];

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  body?: JsonSchema;
  query: Record<string, JsonSchema>;
}

interface Sent {
  method: string;
  url: string;
  payload?: unknown;
  status: number;
  message: string;
}

const RAW_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'multipart/form-data', payload: 'no boundary at all' },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--xyz--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0000\u0001\r\n--abc',
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload: '--abc\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nx\u0000\r\n--abc--\r\n',
  },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '['.repeat(50_000) },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 255, 254, 0]) },
];

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const query = Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      );
      const body = op.requestBody?.content?.['application/json']?.schema;
      out.push({ method: method.toUpperCase() as Operation['method'], path, body, query });
    }
  }
  return out;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * A slow test (tens of seconds): once, on PostgreSQL when the run has it (PGlite is the same
 * PostgreSQL, compiled to WebAssembly: the same errors for the same input), otherwise on PGlite.
 */
const target = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`fuzz of every route on ${target}`, () => {
  let t: TestApp;
  let player: { token: string; userId: number };
  beforeAll(async () => {
    t = await createTestApp(target, {
      demo: true,
      logErrors: true,
      env: {
        RATE_LIMIT_LOGIN: '100000',
        RATE_LIMIT_REGISTER: '100000',
        RATE_LIMIT_CAPTCHA: '100000',
      },
    });
    operator = await operatorKey(t.ctx);
    player = await playerWithBoundCard(t, 500_000n);
    spender = await registerPlayer(t.app);
  });
  afterAll(() => t.close());

  /** A session to spend on logoff, which ends the one it is sent with: a login of a player of its own. */
  let spender: { name: string };
  const spareToken = async () => {
    const res = await post(t.app, '/api/login_pc', {
      name: spender.name,
      password: 'secret123',
      code: CAPTCHA,
      captcha_key: await captchaKey(t.app),
    });
    return (body(res).data as { api_token: string }).api_token;
  };

  it('answers no generated request with a 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(60);

    const sent: Sent[] = [];
    const shrunk: string[] = [];
    const started = Date.now();
    const send = async (
      op: Operation,
      input: { body?: unknown; query?: Record<string, unknown>; raw?: (typeof RAW_BODIES)[number] },
    ) => {
      const spends = op.path === '/api/logoff';
      const token = op.path.startsWith('/admin/api/') ? operator : spends ? await spareToken() : player.token;
      const qs = input.query ? queryString(input.query) : '';
      const url = qs ? `${op.path}?${qs}` : op.path;
      const request: InjectOptions = {
        method: op.method,
        url,
        headers: { authorization: `Bearer ${token}` },
      };
      if (input.raw) {
        request.payload = input.raw.payload;
        request.headers = { ...request.headers, 'content-type': input.raw.contentType };
      } else if (op.method === 'POST') {
        request.payload = JSON.stringify(input.body ?? {});
        request.headers = { ...request.headers, 'content-type': 'application/json' };
      }
      const res = await t.app.inject(request);
      const entry = {
        method: op.method,
        url: url.slice(0, 200),
        payload: input.raw?.contentType ?? input.body,
        status: res.statusCode,
        message: String(res.headers['content-type']).includes('json')
          ? body(res).message
          : res.body.slice(0, 80),
      };
      sent.push(entry);
      // Locks are the point of some routes, but a locked player reaches less code: start afresh.
      if (res.statusCode === 429) await unlock();
      return entry;
    };
    const unlock = () =>
      t.ctx.db
        .update(users)
        .set({ failedLogins: 0, lockedUntil: null, failedPayPasswords: 0, payLockedUntil: null })
        .where(eq(users.id, player.userId));

    for (const op of operations) {
      const base = op.body ? fc.sample(validArbitrary(op.body), { numRuns: 1, seed: SEED })[0] : {};
      // The sweep: every poison in every field, the rest well shaped.
      for (const path of op.body ? leafPaths(op.body) : []) {
        for (const leaf of LEAF_POISONS) await send(op, { body: withValueAt(base, path, leaf) });
      }
      for (const name of Object.keys(op.query)) {
        for (const leaf of LEAF_POISONS) await send(op, { query: { [name]: leaf } });
      }
      // Bodies that are not what the route reads: wrong content types, broken JSON and multipart.
      if (op.method === 'POST') {
        for (const raw of RAW_BODIES) await send(op, { raw });
        for (const whole of [null, [], 'text', 12]) await send(op, { body: whole });
      }
      // Generated requests.
      const request = fc.record({
        body: op.body ? fuzzArbitrary(op.body) : fc.constant({}),
        query: fc.record(
          Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, fuzzArbitrary(s)])),
          {
            requiredKeys: [],
          },
        ),
      });
      const outcome = await fc.check(
        fc.asyncProperty(request, async (input) => (await send(op, input)).status < 500),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
      if (outcome.failed)
        shrunk.push(`${op.method} ${op.path}: ${JSON.stringify(outcome.counterexample)?.slice(0, 300)}`);
    }

    const seconds = (Date.now() - started) / 1000;
    const failures = sent.filter((s) => s.status >= 500);
    console.log(
      `fuzz on ${target}: ${sent.length} requests over ${operations.length} operations in ${seconds.toFixed(1)} s, ${failures.length} answered 5xx`,
    );
    expect(failures.map((f) => ({ ...f, payload: JSON.stringify(f.payload)?.slice(0, 160) }))).toEqual([]);
    expect(shrunk).toEqual([]);
  }, 600_000);

  it('leaves the ledger whole: every invariant holds after the fuzz', async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });
});
