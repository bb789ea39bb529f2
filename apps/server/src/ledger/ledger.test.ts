import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, targets } from '../../test/harness';
import { accounts, ledgerTransfers } from '../db/schema/ledger';
import { users } from '../db/schema/users';
import { SettableClock } from '../lib/clock';
import { HouseAccount, IdempotencyConflictError, Ledger, PendingState, RecordConflictError } from './ledger';

describe.each(targets)('the ledger service on %s', (target) => {
  let database: TestDatabase;
  let ledger: Ledger;
  let player: number;
  let other: number;
  const clock = new SettableClock();
  const central = () => ({ central: player });

  beforeAll(async () => {
    database = await freshDatabase(target);
    ledger = new Ledger(database.db, clock);
    const made = await database.db
      .insert(users)
      .values(
        ['ledgertest', 'ledgerother'].map((username) => ({
          username,
          realname: '测试',
          passwordHash: 'x',
          payPasswordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    [player, other] = made.map((u) => u.id) as [number, number];
  });
  afterAll(() => database.drop());

  const grant = (amount: bigint, key: string) =>
    ledger.credit({ key, from: HouseAccount.promotionsExpense, to: central(), amount, kind: 'test' });
  const expectSound = async () => expect((await ledger.verify()).violations).toEqual([]);

  describe('credit, debit and transfer', () => {
    it('credits an account and keeps the sum at zero', async () => {
      expect(await grant(50_00n, 'k1')).toMatchObject({ status: 'applied' });
      expect(await ledger.balance(central())).toBe(50_00n);
      expect(await ledger.balance(HouseAccount.promotionsExpense)).toBe(-50_00n);
      await expectSound();
    });

    it('applies a key once and answers the first movement to a replay', async () => {
      const first = await grant(10_00n, 'k2');
      expect(await grant(10_00n, 'k2')).toEqual({ status: 'replayed', transferId: first.transferId });
      expect(await ledger.balance(central())).toBe(60_00n);
    });

    it('refuses a key reused for a different movement', async () => {
      await expect(grant(99n, 'k2')).rejects.toBeInstanceOf(IdempotencyConflictError);
    });

    it('debits only while the account covers it, and moves nothing otherwise', async () => {
      const before = await ledger.verify();
      const debit = (amount: bigint, key: string) =>
        ledger.debit({ key, from: central(), to: HouseAccount.withdrawalsPaid, amount, kind: 'test' });
      expect(await debit(1_000_00n, 'k3')).toEqual({ status: 'insufficient' });
      expect(await ledger.balance(central())).toBe(60_00n);
      const [row] = await database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, 'k3'));
      expect(row).toBeUndefined();
      expect((await ledger.verify()).transfers).toBe(before.transfers);
    });

    it('keeps an uncovered debit inside a transaction from spoiling the rest of it', async () => {
      await database.db.transaction(async (tx) => {
        const debit = await ledger.debit(
          { key: 'k4', from: central(), to: HouseAccount.withdrawalsPaid, amount: 1_000_00n, kind: 'test' },
          tx,
        );
        expect(debit.status).toBe('insufficient');
        await ledger.credit(
          { key: 'k5', from: HouseAccount.promotionsExpense, to: central(), amount: 1n, kind: 'test' },
          tx,
        );
      });
      expect(await ledger.balance(central())).toBe(60_01n);
    });

    it('moves between two players in one transfer, each side in its own balance', async () => {
      expect(
        await ledger.transfer({
          key: 'k6',
          from: central(),
          to: { central: other },
          amount: 1n,
          kind: 'test',
        }),
      ).toMatchObject({ status: 'applied' });
      expect(await ledger.balance({ central: other })).toBe(1n);
      expect(await ledger.balance(central())).toBe(60_00n);
      await expectSound();
    });

    it('keeps concurrent debits of one account within its balance', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ledger.debit({
            key: `drain-${i}`,
            from: central(),
            to: HouseAccount.withdrawalsPaid,
            amount: 10_00n,
            kind: 'test',
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'applied')).toHaveLength(6);
      expect(await ledger.balance(central())).toBe(0n);
      await expectSound();
    });
  });

  describe('balance', () => {
    it('answers each player their own balance when many ask at once, and 0 for an account never opened', async () => {
      const mine = await ledger.balance(central());
      const theirs = await ledger.balance({ central: other });
      const never = { central: 2_000_000_000 };
      const asked = [central(), { central: other }, never, central(), { central: other }];
      const answers = await Promise.all(asked.map((account) => ledger.balance(account)));
      expect(answers).toEqual([mine, theirs, 0n, mine, theirs]);
    });
  });

  describe('reserve, settle and void', () => {
    it('holds a reservation in its holding account until it settles, split into parts', async () => {
      await grant(100_00n, 'r-fund');
      const key = 'w:1';
      expect(
        await ledger.reserve({
          key,
          from: central(),
          holding: HouseAccount.withdrawalsPending,
          amount: 30_00n,
          kind: 'withdrawal',
        }),
      ).toEqual({ status: 'reserved' });
      expect(await ledger.balance(central())).toBe(70_00n);
      expect(await ledger.balance(HouseAccount.withdrawalsPending)).toBe(30_00n);
      await expectSound();
      const paid = await ledger.balance(HouseAccount.withdrawalsPaid);
      const fees = await ledger.balance(HouseAccount.withdrawalFees);
      const parts = [
        { to: HouseAccount.withdrawalsPaid, amount: 29_00n, kind: 'payout' },
        { to: HouseAccount.withdrawalFees, amount: 1_00n, kind: 'fee' },
      ] as const;
      expect(await ledger.settle({ key, to: parts })).toEqual({
        status: 'applied',
        state: PendingState.settled,
      });
      expect(await ledger.settle({ key, to: parts })).toEqual({
        status: 'already',
        state: PendingState.settled,
      });
      expect(await ledger.void({ key })).toEqual({ status: 'already', state: PendingState.settled });
      expect(await ledger.balance(HouseAccount.withdrawalsPaid)).toBe(paid + 29_00n);
      expect(await ledger.balance(HouseAccount.withdrawalFees)).toBe(fees + 1_00n);
      expect(await ledger.balance(HouseAccount.withdrawalsPending)).toBe(0n);
      await expectSound();
    });

    it('voids a reservation back to its source, once, keeping the note', async () => {
      const key = 'w:2';
      await ledger.reserve({
        key,
        from: central(),
        holding: HouseAccount.withdrawalsPending,
        amount: 20_00n,
        kind: 'withdrawal',
      });
      expect(await ledger.balance(central())).toBe(50_00n);
      const voids = await Promise.all(
        Array.from({ length: 5 }, () => ledger.void({ key, note: '审核未通过' })),
      );
      expect(voids.filter((v) => v.status === 'applied')).toHaveLength(1);
      expect(await ledger.balance(central())).toBe(70_00n);
      expect(await ledger.find(key)).toMatchObject({ state: PendingState.voided, note: '审核未通过' });
      await expectSound();
    });

    it('refuses a settlement whose parts do not add up, and leaves the reservation pending', async () => {
      const key = 'w:3';
      await ledger.reserve({
        key,
        from: central(),
        holding: HouseAccount.withdrawalsPending,
        amount: 10_00n,
        kind: 'withdrawal',
      });
      await expect(
        ledger.settle({ key, to: [{ to: HouseAccount.withdrawalsPaid, amount: 9_00n, kind: 'payout' }] }),
      ).rejects.toThrow(/does not add up/);
      expect(await ledger.find(key)).toMatchObject({ state: PendingState.pending });
      await ledger.void({ key });
      await expectSound();
    });

    it('reserves nothing the source does not cover, and nothing twice for one key', async () => {
      const reserve = (amount: bigint) =>
        ledger.reserve({
          key: 'w:4',
          from: central(),
          holding: HouseAccount.withdrawalsPending,
          amount,
          kind: 'withdrawal',
        });
      expect(await reserve(1_000_00n)).toEqual({ status: 'insufficient' });
      expect(await ledger.find('w:4')).toBeUndefined();
      expect(await reserve(5_00n)).toEqual({ status: 'reserved' });
      expect(await reserve(5_00n)).toEqual({ status: 'replayed', state: PendingState.pending });
      await expect(reserve(6_00n)).rejects.toBeInstanceOf(IdempotencyConflictError);
      expect(await ledger.balance(central())).toBe(65_00n);
      await ledger.void({ key: 'w:4' });
      await expectSound();
    });

    it('writes the business record with the reservation, or neither', async () => {
      await database.db.execute(sql`CREATE TABLE test_records (id bigserial PRIMARY KEY, pending_key varchar(120) NOT NULL,
        amount bigint NOT NULL, request_key varchar(40) UNIQUE)`);
      const { pgTable, bigserial, bigint, varchar } = await import('drizzle-orm/pg-core');
      const records = pgTable('test_records', {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        pendingKey: varchar('pending_key', { length: 120 }).notNull(),
        amount: bigint('amount', { mode: 'bigint' }).notNull(),
        requestKey: varchar('request_key', { length: 40 }),
      });
      const reserve = (key: string, amount: bigint, requestKey: string) =>
        ledger.reserve({
          key,
          from: central(),
          holding: HouseAccount.withdrawalsPending,
          amount,
          kind: 'withdrawal',
          record: { table: records, values: { pendingKey: key, amount, requestKey } },
        });
      expect(await reserve('w:5', 1_00n, 'req-1')).toEqual({ status: 'reserved' });
      expect(await reserve('w:6', 1_000_00n, 'req-2')).toEqual({ status: 'insufficient' });
      await expect(reserve('w:7', 2_00n, 'req-1')).rejects.toBeInstanceOf(RecordConflictError);
      expect(await ledger.find('w:7')).toBeUndefined();
      expect((await database.db.select().from(records)).map((r) => r.pendingKey)).toEqual(['w:5']);
      expect(await ledger.balance(central())).toBe(69_00n);
      await ledger.void({ key: 'w:5' });
      await expectSound();
    });
  });

  describe('history', () => {
    it('pages an account’s movements newest first, each once, by keyset', async () => {
      const all: number[] = [];
      for (let before: number | undefined, page = 0; page < 100; page++) {
        const result = await ledger.history(central(), { before, limit: 4 });
        all.push(...result.entries.map((e) => e.id));
        if (result.next === null) break;
        before = result.next;
      }
      const everything = await database.db.execute(sql`SELECT t.id FROM ledger_transfers t
        JOIN accounts a ON a.id IN (t.debit_account_id, t.credit_account_id) WHERE a.code = ${`user:${player}:central`}
        ORDER BY t.id DESC`);
      expect(all).toEqual(
        (everything as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id)),
      );
      const [latest] = (await ledger.history(central(), { limit: 1 })).entries;
      expect(latest).toMatchObject({
        amount: 1_00n,
        kind: 'withdrawal_void',
        counterparty: 'house:withdrawals_pending',
      });
    });

    it('adds up to the balance', async () => {
      const { entries } = await ledger.history(central(), { limit: 1000 });
      expect(entries.reduce((sum, e) => sum + e.amount, 0n)).toBe(await ledger.balance(central()));
    });
  });

  describe('verify', () => {
    it('refuses edits and deletions of recorded transfers', async () => {
      await expect(database.db.update(ledgerTransfers).set({ amount: 1n })).rejects.toThrow();
      await expect(database.db.delete(ledgerTransfers)).rejects.toThrow();
    });

    it('reports a balance written behind the ledger', async () => {
      const [row] = await database.db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + 1` })
        .where(eq(accounts.code, `user:${other}:central`))
        .returning();
      expect((await ledger.verify()).violations).toEqual([
        'balances sum to 1 cents, not 0',
        `user:${other}:central: balance ${row?.balance} but transfers give 1`,
      ]);
    });
  });
});
