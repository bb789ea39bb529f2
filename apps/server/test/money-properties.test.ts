import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPending, PendingState } from '../src/db/schema/ledger';
import { venueTransfers, withdrawals } from '../src/db/schema/wallet';
import { reconcileVenueTransfers } from '../src/modules/wallet/venue-transfers';
import type { DemoFault } from '../src/venues/demo/provider';
import { body, createTestApp, fundedPlayer, post, type TestApp, targets, violations } from './harness';

const VENUES = ['obgdy', 'pp', 'obzr', 'obcp'] as const;
const FUNDING = 100_000n; // 1000.00 each
const PLAYERS = 3;

type Op =
  | { kind: 'in'; player: number; venue: string; amount: number }
  | { kind: 'out'; player: number; venue: string; amount: number }
  | { kind: 'recover'; player: number }
  | { kind: 'withdraw'; player: number; amount: number };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const venue = fc.constantFrom(...VENUES);
const amount = fc.integer({ min: 1, max: 60_000 }).map((c) => c / 100);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('in' as const), player, venue, amount }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('out' as const), player, venue, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recover' as const), player }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      player,
      amount: fc.integer({ min: 100, max: 400 }),
    }),
  },
);
const faultArb = fc.constantFrom<DemoFault>(
  'none',
  'none',
  'none',
  'fail',
  'timeout_after_apply',
  'timeout_before_apply',
);

/**
 * The Jepsen bank test, for this platform: many clients move money concurrently while the venue
 * fails, and clients retry with the same Idempotency-Key. Afterwards, once reconciliation has
 * settled what was left awaiting settlement, every player still has exactly what they were given,
 * spread over the central wallet, the venues and withdrawals in review, and the ledger's
 * invariants hold.
 */
describe.each(targets)('money under concurrency and faults on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('conserves every cent, moves each keyed request once and keeps every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 10, maxLength: 40 }),
        fc.array(faultArb, { minLength: 1, maxLength: 16 }),
        async (ops, faults) => {
          const players = await Promise.all(
            Array.from({ length: PLAYERS }, async () => {
              const p = await fundedPlayer(t, FUNDING);
              await post(
                t.app,
                '/api/bindcard',
                {
                  bank_owner: '赵六',
                  bank: '交通银行',
                  bank_no: '6222600000000001',
                  bank_address: '上海分行',
                  pay_pass: 'paypass123',
                },
                p.token,
              );
              const cards = body(await post(t.app, '/api/getcard', { type: 1 }, p.token)).data as {
                id: number;
              }[];
              return { ...p, cardId: cards[0]?.id ?? 0 };
            }),
          );
          let call = 0;
          t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => faults[call++ % faults.length] ?? 'none' };

          const send = (op: Op, key: string) => {
            const p = players[op.player];
            if (!p) throw new Error('no player');
            const [url, payload] =
              op.kind === 'in'
                ? ['/api/transfer', { amount: op.amount, sourcetype: 'userbalance', targettype: op.venue }]
                : op.kind === 'out'
                  ? ['/api/transfer', { amount: op.amount, sourcetype: op.venue, targettype: 'userbalance' }]
                  : op.kind === 'recover'
                    ? ['/api/transall', {}]
                    : ['/api/withdraw', { amount: op.amount, bank: p.cardId, password: 'paypass123' }];
            return t.app.inject({
              method: 'POST',
              url,
              payload,
              headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': key },
            });
          };
          // Every request is sent twice at once under one key, as a client retrying a lost answer would.
          const answers = await Promise.all(
            ops.map(async (op, i) => {
              const key = `prop-${Date.now()}-${i}-${Math.random().toString(36).slice(2)}`;
              const [a, b] = await Promise.all([send(op, key), send(op, key)]);
              expect(a.statusCode).toBeLessThan(500);
              expect(b.body).toBe(a.body);
              return { op, status: a.statusCode };
            }),
          );

          t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
          await reconcileVenueTransfers(t.ctx, 0);

          expect(await violations(t.ctx)).toEqual([]);
          for (const [index, p] of players.entries()) {
            const central = await t.ctx.ledger.balance({ central: p.userId });
            const venues = (await t.ctx.venues.balances({ userId: p.userId })).reduce(
              (s, r) => s + r.balance,
              0n,
            );
            const [pending] = await t.ctx.db
              .select({
                sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text`,
                n: sql<number>`count(*)::int`,
              })
              .from(withdrawals)
              .where(eq(withdrawals.userId, p.userId));
            expect(central + venues + BigInt(pending?.sum ?? 0)).toBe(FUNDING);
            const acknowledged = answers.filter(
              (a) => a.op.player === index && a.op.kind === 'withdraw' && a.status === 200,
            );
            expect(Number(pending?.n ?? 0)).toBe(acknowledged.length);
          }
          const stuck = await t.ctx.db
            .select({ id: venueTransfers.id })
            .from(venueTransfers)
            .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
            .where(
              and(
                eq(ledgerPending.state, PendingState.pending),
                inArray(
                  venueTransfers.userId,
                  players.map((p) => p.userId),
                ),
              ),
            );
          expect(stuck).toEqual([]);
        },
      ),
      { numRuns: target === 'pglite' ? 4 : 6 },
    );
  });
});
