import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/harness';
import { targets } from '../../test/harness';
import { ledgerDatabase } from '../../test/ledger-database';
import { AccountDirectory, type AccountRef, HouseAccount } from './accounts';
import { accountHistory } from './history';
import { recordMovement } from './movements';

describe.each(targets)('accountHistory on %s', (target) => {
  let database: TestDatabase;
  let mine: AccountRef;
  let theirs: AccountRef;
  let idle: AccountRef;
  /** The second player's user id: the other side of the gifts. */
  let second: number;
  let promotions: AccountRef;
  let paid: AccountRef;
  /** The transfer ids of the movements below, in the order they were made. */
  const ids: number[] = [];

  beforeAll(async () => {
    const made = await ledgerDatabase(target, 3);
    database = made.database;
    const [first, other, third] = made.players as [number, number, number];
    second = other;
    const directory = new AccountDirectory();
    promotions = await directory.resolve(database.db, HouseAccount.promotionsExpense);
    paid = await directory.resolve(database.db, HouseAccount.withdrawalsPaid);
    mine = await directory.resolve(database.db, { central: first });
    theirs = await directory.resolve(database.db, { central: second });
    idle = await directory.resolve(database.db, { central: third });
    const movements: [AccountRef, AccountRef, bigint, string, string][] = [
      [promotions, mine, 50_00n, 'grant', '活动'],
      [mine, theirs, 10_00n, 'gift', ''],
      [promotions, theirs, 7_00n, 'grant', ''],
      [mine, paid, 5_00n, 'withdrawal', ''],
      [theirs, mine, 1_00n, 'gift', ''],
    ];
    for (const [i, [debit, credit, amount, kind, memo]] of movements.entries()) {
      const posted = await database.db.transaction((tx) =>
        recordMovement(tx, {
          debit,
          credit,
          amount,
          kind,
          memo,
          key: `h${i}`,
          ref: i === 0 ? { type: 'promo', id: '3' } : undefined,
          at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        }),
      );
      ids.push(posted.id);
    }
  });
  afterAll(() => database.drop());

  it("answers a player's movements newest first, signed from the account's side, with the other side's code", async () => {
    const page = await accountHistory(database.db, mine, undefined, 10);
    expect(page.next).toBeNull();
    expect(page.entries.map((e) => [e.id, e.amount, e.kind, e.counterparty])).toEqual([
      [ids[4], 1_00n, 'gift', `user:${second}:central`],
      [ids[3], -5_00n, 'withdrawal', 'house:withdrawals_paid'],
      [ids[1], -10_00n, 'gift', `user:${second}:central`],
      [ids[0], 50_00n, 'grant', 'house:promotions_expense'],
    ]);
    expect(page.entries.at(-1)).toMatchObject({
      at: new Date(Date.UTC(2026, 0, 1, 0, 0)),
      ref: { type: 'promo', id: '3' },
      memo: '活动',
    });
    expect(page.entries[0]?.ref).toBeNull();
  });

  it('pages by keyset: each movement once, `next` null on the last page', async () => {
    const first = await accountHistory(database.db, mine, undefined, 3);
    expect(first.entries.map((e) => e.id)).toEqual([ids[4], ids[3], ids[1]]);
    expect(first.next).toBe(ids[1]);
    const older = await accountHistory(database.db, mine, first.next ?? undefined, 3);
    expect(older.entries.map((e) => e.id)).toEqual([ids[0]]);
    expect(older.next).toBeNull();
  });

  it('answers no next page when the last page is exactly full', async () => {
    expect((await accountHistory(database.db, mine, undefined, 4)).next).toBeNull();
  });

  it("answers a house account's movements too", async () => {
    const page = await accountHistory(database.db, promotions, undefined, 10);
    expect(page.entries.map((e) => [e.id, e.amount])).toEqual([
      [ids[2], -7_00n],
      [ids[0], -50_00n],
    ]);
  });

  it('answers an empty last page for an account without movements', async () => {
    expect(await accountHistory(database.db, idle, undefined, 10)).toEqual({ entries: [], next: null });
  });
});
