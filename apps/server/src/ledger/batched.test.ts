import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, targets } from '../../test/harness';
import { Batcher } from '../db/batch';
import { users } from '../db/schema/users';
import { AccountDirectory, type AccountRef, centralBalance, HouseAccount } from './accounts';
import { debitsWithStatement, postDebitsWith, postTransfersIf, transfersIfStatement } from './batched';
import { postTransfer, type TransferInput } from './post-transfer';
import { verifyLedger } from './verify';

const PLAYERS = 4;

const debits = debitsWithStatement(
  'test_batched_debits',
  [['mark', 'varchar']],
  'INSERT INTO batch_marks (mark) SELECT i.mark FROM input i WHERE i.n IN (SELECT n FROM debited) RETURNING id, mark',
  'a.mark = i.mark',
);
const credits = transfersIfStatement(
  'test_batched_credits',
  [['gate', 'bigint']],
  'UPDATE batch_gates b SET open = false FROM input i WHERE b.id = i.gate AND b.open RETURNING i.n',
);

/**
 * Micro-batched movements keep every movement's own outcome: many debits and gated credits run
 * concurrently through batchers, and afterwards each outcome is one a serial run could have had,
 * every cent is accounted for and the ledger's invariants hold.
 */
describe.each(targets)('batched movements on %s', (target) => {
  let database: TestDatabase;
  const directory = new AccountDirectory();
  const players: { id: number; central: AccountRef }[] = [];
  let house: AccountRef;
  let round = 0;

  beforeAll(async () => {
    database = await freshDatabase(target);
    await database.db.execute(sql`CREATE TABLE batch_marks (id bigserial PRIMARY KEY, mark varchar UNIQUE)`);
    await database.db.execute(sql`CREATE TABLE batch_gates (id bigint PRIMARY KEY, open boolean NOT NULL)`);
    for (let i = 0; i < PLAYERS; i++) {
      const [u] = await database.db
        .insert(users)
        .values({ username: `batch${i}`, realname: '测试', passwordHash: 'x', payPasswordHash: 'x' })
        .returning({ id: users.id });
      const id = u?.id ?? 0;
      players.push({ id, central: await directory.central(database.db, id) });
    }
    house = await directory.house(database.db, HouseAccount.promotionsExpense);
  });
  afterAll(() => database.drop());

  const grant = (to: AccountRef, amount: bigint, key: string) =>
    database.db.transaction((tx) =>
      postTransfer(tx, { debit: house, credit: to, amount, kind: 'test', idempotencyKey: key }),
    );
  const balances = () => Promise.all(players.map((p) => centralBalance(database.db, p.id)));

  it('debits each player at most what they hold, and records exactly the debits that happened', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: PLAYERS, maxLength: PLAYERS }),
        fc.array(fc.record({ player: fc.nat(PLAYERS - 1), amount: fc.integer({ min: 1, max: 3_000 }) }), {
          maxLength: 40,
        }),
        async (funding, wanted) => {
          round++;
          await Promise.all(
            players.map((p, i) =>
              (funding[i] ?? 0) > 0 ? grant(p.central, BigInt(funding[i] ?? 0), `f${round}:${i}`) : null,
            ),
          );
          const before = await balances();
          type Item = { input: TransferInput; values: unknown[] };
          const batcher = new Batcher<Item, number | null>({
            many: (items) => postDebitsWith(database.db, debits, items),
            one: async (item) => (await postDebitsWith(database.db, debits, [item]))[0] ?? null,
            keyOf: (item) => item.input.debit.id,
          });
          const outcomes = await Promise.all(
            wanted.map((w, k) => {
              const mark = `r${round}:${k}`;
              const account = players[w.player]?.central as AccountRef;
              return batcher.run({
                input: {
                  debit: account,
                  credit: house,
                  amount: BigInt(w.amount),
                  kind: 'test',
                  idempotencyKey: mark,
                },
                values: [mark],
              });
            }),
          );
          const after = await balances();
          const marks = (await database.db.execute(
            sql`SELECT id::text AS id, mark FROM batch_marks WHERE mark LIKE ${`r${round}:%`}`,
          )) as unknown as { rows: { id: string; mark: string }[] };
          const byMark = new Map(marks.rows.map((r) => [r.mark, Number(r.id)]));
          players.forEach((_, p) => {
            const mine = wanted.map((w, k) => ({ ...w, k })).filter((w) => w.player === p);
            const moved = mine
              .filter((w) => outcomes[w.k] !== null)
              .reduce((s, w) => s + BigInt(w.amount), 0n);
            expect(after[p]).toBe((before[p] ?? 0n) - moved);
            // Balances only fell: a refused debit asked for more than was left even at the end.
            for (const w of mine)
              if (outcomes[w.k] === null) expect(BigInt(w.amount)).toBeGreaterThan(after[p] ?? 0n);
          });
          wanted.forEach((_, k) => {
            expect(byMark.get(`r${round}:${k}`) ?? null).toBe(outcomes[k]);
          });
        },
      ),
      { numRuns: 15 },
    );
    expect((await verifyLedger(database.db)).violations).toEqual([]);
  });

  it('moves a gated credit once per gate, adds up credits to one account, and moves nothing behind a closed gate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
        fc.array(
          fc.record({
            gate: fc.nat(11),
            to: fc.integer({ min: -1, max: PLAYERS - 1 }),
            amount: fc.integer({ min: 1, max: 900 }),
          }),
          { maxLength: 40 },
        ),
        async (open, wanted) => {
          round++;
          const base = round * 100;
          for (let g = 0; g < 12; g++) {
            await database.db.execute(
              sql`INSERT INTO batch_gates (id, open) VALUES (${base + g}, ${open[g] ?? false})`,
            );
          }
          const before = await balances();
          type Item = { input: TransferInput; values: unknown[] };
          const batcher = new Batcher<Item, boolean>({
            many: (items) => postTransfersIf(database.db, credits, items),
            one: async (item) => (await postTransfersIf(database.db, credits, [item]))[0] ?? false,
            keyOf: (item) => Number(item.values[0]),
          });
          const venueFloat = await directory.venueFloat(database.db, 'pp');
          const outcomes = await Promise.all(
            wanted.map((w, k) =>
              batcher.run({
                input: {
                  debit: house,
                  credit: w.to < 0 ? venueFloat : (players[w.to]?.central as AccountRef),
                  amount: BigInt(w.amount),
                  kind: 'test',
                  idempotencyKey: `c${round}:${k}`,
                },
                values: [base + w.gate],
              }),
            ),
          );
          const after = await balances();
          for (let g = 0; g < 12; g++) {
            const through = wanted.map((w, k) => ({ ...w, k })).filter((w) => w.gate === g && outcomes[w.k]);
            expect(through.length).toBe(open[g] && wanted.some((w) => w.gate === g) ? 1 : 0);
          }
          players.forEach((_, p) => {
            const credited = wanted
              .filter((w, k) => w.to === p && outcomes[k])
              .reduce((s, w) => s + BigInt(w.amount), 0n);
            expect(after[p]).toBe((before[p] ?? 0n) + credited);
          });
        },
      ),
      { numRuns: 15 },
    );
    expect((await verifyLedger(database.db)).violations).toEqual([]);
  });

  it('runs the items of a failed batch one by one, each with its own outcome', async () => {
    const seen: number[][] = [];
    const batcher = new Batcher<number, number>({
      many: async (items) => {
        seen.push(items);
        throw new Error('batch failed');
      },
      one: async (item) => {
        if (item === 3) throw new Error('three');
        return item * 10;
      },
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => batcher.run(i)));
    expect(seen[0]).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'three',
      40,
    ]);
  });
});
