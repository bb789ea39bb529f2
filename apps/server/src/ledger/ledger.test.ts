import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, targets } from '../../test/harness';
import { accounts, ledgerTransfers } from '../db/schema/ledger';
import { users } from '../db/schema/users';
import { AccountDirectory, type AccountRef, centralBalance, HouseAccount, houseBalance } from './accounts';
import { IdempotencyConflictError, InsufficientFundsError, postTransfer } from './post-transfer';
import { verifyLedger } from './verify';

describe.each(targets)('ledger on %s', (target) => {
  let database: TestDatabase;
  let player: number;
  let central: AccountRef;
  let house: AccountRef;
  const directory = new AccountDirectory();

  beforeAll(async () => {
    database = await freshDatabase(target);
    const [u] = await database.db
      .insert(users)
      .values({ username: 'ledgertest', realname: '测试', passwordHash: 'x', payPasswordHash: 'x' })
      .returning({ id: users.id });
    player = u?.id ?? 0;
    await database.db.transaction(async (tx) => {
      central = await directory.central(tx, player);
      house = await directory.house(tx, HouseAccount.promotionsExpense);
    });
  });
  afterAll(() => database.drop());

  const move = (amount: bigint, key: string, from = house, to = central) =>
    database.db.transaction((tx) =>
      postTransfer(tx, {
        debit: from,
        credit: to,
        amount,
        kind: 'test',
        idempotencyKey: key,
      }),
    );

  it('moves money between two accounts and keeps the sum at zero', async () => {
    const posted = await move(50_00n, 'k1');
    expect(posted.applied).toBe(true);
    expect(await centralBalance(database.db, player)).toBe(50_00n);
    expect((await verifyLedger(database.db)).violations).toEqual([]);
  });

  it('applies a key once and replays it afterwards', async () => {
    const first = await move(10_00n, 'k2');
    const second = await move(10_00n, 'k2');
    expect(second).toEqual({ id: first.id, applied: false });
    expect(await centralBalance(database.db, player)).toBe(60_00n);
  });

  it('refuses to reuse a key for a different movement', async () => {
    await expect(move(99n, 'k2')).rejects.toBeInstanceOf(IdempotencyConflictError);
  });

  it('keeps no running balance on house accounts: its balance is credits minus debits', async () => {
    expect(await houseBalance(database.db, 'house:promotions_expense')).toBe(-60_00n);
    await expect(
      database.db.update(accounts).set({ balance: 5n }).where(eq(accounts.id, house.id)),
    ).rejects.toThrow();
  });

  it('never lets a player account go negative, and rolls the whole movement back', async () => {
    const before = await verifyLedger(database.db);
    await expect(move(1_000_00n, 'k3', central, house)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await centralBalance(database.db, player)).toBe(60_00n);
    const [row] = await database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, 'k3'));
    expect(row).toBeUndefined();
    expect((await verifyLedger(database.db)).transfers).toBe(before.transfers);
  });

  it('keeps concurrent debits of one wallet within its balance', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => move(10_00n, `drain-${i}`, central, house)),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    expect(succeeded).toBe(6);
    expect(await centralBalance(database.db, player)).toBe(0n);
    expect((await verifyLedger(database.db)).violations).toEqual([]);
  });

  it('refuses edits and deletions of recorded transfers', async () => {
    await expect(database.db.update(ledgerTransfers).set({ amount: 1n })).rejects.toThrow();
    await expect(database.db.delete(ledgerTransfers)).rejects.toThrow();
  });

  it('reports a balance written behind the ledger', async () => {
    await database.db
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + 1` })
      .where(eq(accounts.id, central.id));
    const report = await verifyLedger(database.db);
    expect(report.violations).toEqual([
      'balances sum to 1 cents, not 0',
      `user:${player}:central: balance 1 but transfers give 0`,
    ]);
  });
});
