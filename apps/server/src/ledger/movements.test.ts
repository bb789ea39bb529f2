import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/harness';
import { targets } from '../../test/harness';
import { ledgerDatabase } from '../../test/ledger-database';
import { accounts, ledgerTransfers } from '../db/schema/ledger';
import { AccountDirectory, type AccountRef, HouseAccount, houseBalance } from './accounts';
import { IdempotencyConflictError, InsufficientFunds, type MovementRow, recordMovement } from './movements';

describe.each(targets)('recordMovement on %s', (target) => {
  let database: TestDatabase;
  let promotions: AccountRef;
  let paid: AccountRef;
  let mine: AccountRef;
  let theirs: AccountRef;
  const at = new Date('2026-01-02T03:04:05Z');

  beforeAll(async () => {
    const made = await ledgerDatabase(target, 2);
    database = made.database;
    const [first, second] = made.players as [number, number];
    const directory = new AccountDirectory();
    promotions = await directory.resolve(database.db, HouseAccount.promotionsExpense);
    paid = await directory.resolve(database.db, HouseAccount.withdrawalsPaid);
    mine = await directory.resolve(database.db, { central: first });
    theirs = await directory.resolve(database.db, { central: second });
  });
  afterAll(() => database.drop());

  const record = (m: Omit<MovementRow, 'at' | 'kind'> & { kind?: string }) =>
    database.db.transaction((tx) => recordMovement(tx, { kind: 'test', at, ...m }));
  const balance = async (ref: AccountRef) =>
    (await database.db.select().from(accounts).where(eq(accounts.id, ref.id)))[0]?.balance;
  const transfer = async (key: string) =>
    (await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key)))[0];

  it('records the transfer with its reference, memo and time, and moves the player’s running balance', async () => {
    const posted = await record({
      debit: promotions,
      credit: mine,
      amount: 100_00n,
      key: 'm1',
      ref: { type: 'promo', id: '9' },
      memo: '活动奖励',
    });
    expect(posted.applied).toBe(true);
    expect(await transfer('m1')).toMatchObject({
      id: posted.id,
      debitAccountId: promotions.id,
      creditAccountId: mine.id,
      amount: 100_00n,
      kind: 'test',
      refType: 'promo',
      refId: '9',
      memo: '活动奖励',
      debitPlayer: false,
      creditPlayer: true,
      createdAt: at,
    });
    expect(await balance(mine)).toBe(100_00n);
    expect(await houseBalance(database.db, 'house:promotions_expense')).toBe(-100_00n);
  });

  it('answers the first transfer to a replay of its key and moves nothing more', async () => {
    const first = await transfer('m1');
    expect(await record({ debit: promotions, credit: mine, amount: 100_00n, key: 'm1' })).toEqual({
      id: first?.id,
      applied: false,
    });
    expect(await balance(mine)).toBe(100_00n);
  });

  it('refuses a key used before for another amount or other accounts', async () => {
    for (const m of [
      { debit: promotions, credit: mine, amount: 1n },
      { debit: promotions, credit: theirs, amount: 100_00n },
      { debit: paid, credit: mine, amount: 100_00n },
    ])
      await expect(record({ ...m, key: 'm1' })).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await balance(mine)).toBe(100_00n);
  });

  it('moves between two players, each side flagged and balanced', async () => {
    await record({ debit: mine, credit: theirs, amount: 40_00n, key: 'm2' });
    expect(await transfer('m2')).toMatchObject({ debitPlayer: true, creditPlayer: true });
    expect([await balance(mine), await balance(theirs)]).toEqual([60_00n, 40_00n]);
  });

  it('refuses a debit the player’s balance does not cover, and its transaction keeps nothing', async () => {
    const refused = record({ debit: mine, credit: paid, amount: 60_01n, key: 'm3' });
    await expect(refused).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(refused).rejects.toMatchObject({ accountId: mine.id });
    expect(await transfer('m3')).toBeUndefined();
    expect(await balance(mine)).toBe(60_00n);
    // The whole balance is covered.
    expect((await record({ debit: mine, credit: paid, amount: 60_00n, key: 'm4' })).applied).toBe(true);
    expect(await balance(mine)).toBe(0n);
  });

  it('refuses a movement of nothing or less', async () => {
    for (const amount of [0n, -1n])
      await expect(record({ debit: promotions, credit: mine, amount, key: `m5:${amount}` })).rejects.toThrow(
        'a movement moves a positive amount',
      );
  });

  it('moves between house accounts without touching any running balance', async () => {
    await record({ debit: paid, credit: promotions, amount: 5n, key: 'm6' });
    expect(await transfer('m6')).toMatchObject({ debitPlayer: false, creditPlayer: false });
    expect(await houseBalance(database.db, 'house:withdrawals_paid')).toBe(60_00n - 5n);
  });
});
