import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, targets } from '../../test/harness';
import { users } from '../db/schema/users';
import { systemClock } from '../lib/clock';
import { type AccountName, type HoldingAccount, HouseAccount, Ledger, PendingState } from './ledger';

const PLAYERS = 3;

/** One step of a run; reservations carry what happens to them afterwards. */
type Op =
  | { op: 'credit'; player: number; amount: number }
  | { op: 'debit'; player: number; amount: number }
  | { op: 'transfer'; player: number; to: number; amount: number }
  | {
      op: 'reserve';
      player: number;
      amount: number;
      holding: HoldingAccount;
      after: 'settle-house' | 'settle-player' | 'split' | 'void' | 'leave';
      to: number;
    };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const amount = fc.integer({ min: 1, max: 5_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('credit' as const), player, amount }),
  fc.record({ op: fc.constant('debit' as const), player, amount }),
  fc.record({ op: fc.constant('transfer' as const), player, to: player, amount }),
  fc.record({
    op: fc.constant('reserve' as const),
    player,
    amount,
    holding: fc.constantFrom<HoldingAccount>(HouseAccount.withdrawalsPending, HouseAccount.venueTransit),
    after: fc.constantFrom('settle-house', 'settle-player', 'split', 'void', 'leave'),
    to: player,
  }),
);

/**
 * Any sequence of credits, debits, transfers, reservations, settlements and voids, run all at once
 * and each sent twice with its key (a client retrying): the ledger stays sound (sums to zero, player
 * balances equal their movements, no player negative, every holding account equal to its pending
 * reservations), every answer tells the truth (the balances are what the answered movements add up
 * to), and a key moves money once.
 */
describe.each(targets)('ledger properties on %s', (target) => {
  let database: TestDatabase;
  let ledger: Ledger;
  const ids: number[] = [];
  let run = 0;

  beforeAll(async () => {
    database = await freshDatabase(target);
    ledger = new Ledger(database.db, systemClock);
    const made = await database.db
      .insert(users)
      .values(
        Array.from({ length: PLAYERS }, (_, i) => ({
          username: `prop${i}`,
          realname: '测试',
          passwordHash: 'x',
          payPasswordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    ids.push(...made.map((u) => u.id));
  });
  afterAll(() => database.drop());

  const account = (p: number): AccountName => ({ central: ids[p] ?? 0 });

  it('conserves money, never drives a player negative, tells the truth and moves each key once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 8_000 }), { minLength: PLAYERS, maxLength: PLAYERS }),
        fc.array(opArb, { minLength: 1, maxLength: 24 }),
        async (funding, ops) => {
          run++;
          await Promise.all(
            funding.map((cents, p) =>
              cents > 0
                ? ledger.credit({
                    key: `r${run}:fund:${p}`,
                    from: HouseAccount.promotionsExpense,
                    to: account(p),
                    amount: BigInt(cents),
                    kind: 'test',
                  })
                : null,
            ),
          );
          const before = await Promise.all(ids.map((_, p) => ledger.balance(account(p))));
          const delta = before.map(() => 0n);
          const once = (results: { status: string }[], moved: string[]) =>
            expect(results.filter((r) => moved.includes(r.status)).length).toBeLessThanOrEqual(1);

          await Promise.all(
            ops.map(async (o, i) => {
              const key = `r${run}:${i}`;
              const cents = BigInt(o.amount);
              const twice = <T>(call: () => Promise<T>) => Promise.all([call(), call()]);
              if (o.op === 'credit') {
                const r = await twice(() =>
                  ledger.credit({
                    key,
                    from: HouseAccount.promotionsExpense,
                    to: account(o.player),
                    amount: cents,
                    kind: 'test',
                  }),
                );
                once(r, ['applied']);
                if (r.some((x) => x.status === 'applied')) delta[o.player] = (delta[o.player] ?? 0n) + cents;
              } else if (o.op === 'debit' || (o.op === 'transfer' && o.to !== o.player)) {
                const to = o.op === 'transfer' ? account(o.to) : HouseAccount.withdrawalsPaid;
                const r = await twice(() =>
                  ledger.transfer({ key, from: account(o.player), to, amount: cents, kind: 'test' }),
                );
                once(r, ['applied']);
                if (r.some((x) => x.status === 'applied')) {
                  delta[o.player] = (delta[o.player] ?? 0n) - cents;
                  if (o.op === 'transfer') delta[o.to] = (delta[o.to] ?? 0n) + cents;
                }
              } else if (o.op === 'reserve') {
                const r = await twice(() =>
                  ledger.reserve({
                    key,
                    from: account(o.player),
                    holding: o.holding,
                    amount: cents,
                    kind: 'test',
                  }),
                );
                once(r, ['reserved']);
                if (!r.some((x) => x.status === 'reserved')) return;
                delta[o.player] = (delta[o.player] ?? 0n) - cents;
                if (o.after === 'leave') return;
                const closing =
                  o.after === 'void'
                    ? () => ledger.void({ key })
                    : () =>
                        ledger.settle({
                          key,
                          to:
                            o.after === 'settle-house'
                              ? HouseAccount.withdrawalsPaid
                              : o.after === 'settle-player'
                                ? account(o.to)
                                : [
                                    { to: account(o.to), amount: cents / 2n, kind: 'part' },
                                    {
                                      to: HouseAccount.withdrawalFees,
                                      amount: cents - cents / 2n,
                                      kind: 'fee',
                                    },
                                  ].filter((part) => part.amount > 0n),
                        });
                const c = await twice(closing);
                expect(c.filter((x) => x.status === 'applied')).toHaveLength(1);
                if (o.after === 'void') delta[o.player] = (delta[o.player] ?? 0n) + cents;
                if (o.after === 'settle-player') delta[o.to] = (delta[o.to] ?? 0n) + cents;
                if (o.after === 'split') delta[o.to] = (delta[o.to] ?? 0n) + cents / 2n;
                expect((await ledger.find(key))?.state).toBe(
                  o.after === 'void' ? PendingState.voided : PendingState.settled,
                );
              }
            }),
          );

          const after = await Promise.all(ids.map((_, p) => ledger.balance(account(p))));
          expect(after).toEqual(before.map((b, p) => b + (delta[p] ?? 0n)));
          expect(after.every((b) => b >= 0n)).toBe(true);
          expect((await ledger.verify()).violations).toEqual([]);
        },
      ),
      { numRuns: target === 'pglite' ? 12 : 20 },
    );
  });
});
