import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/harness';
import { targets } from '../../test/harness';
import { ledgerDatabase } from '../../test/ledger-database';
import { accounts } from '../db/schema/ledger';
import {
  AccountDirectory,
  accountCode,
  HouseAccount,
  houseBalance,
  playerBalance,
  playerBalances,
} from './accounts';
import { recordMovement } from './movements';

describe('accountCode', () => {
  it('names house accounts, central wallets and venue floats by stable codes', () => {
    expect(accountCode(HouseAccount.venueTransit)).toBe('house:venue_transit');
    expect(accountCode({ central: 12 })).toBe('user:12:central');
    expect(accountCode({ venueFloat: 'pp' })).toBe('house:venue_float:pp');
  });
});

describe.each(targets)('accounts on %s', (target) => {
  let database: TestDatabase;
  let player: number;
  let other: number;

  beforeAll(async () => {
    const made = await ledgerDatabase(target, 2);
    database = made.database;
    [player, other] = made.players as [number, number];
  });
  afterAll(() => database.drop());

  const row = async (code: string) =>
    (await database.db.select().from(accounts).where(eq(accounts.code, code)))[0];

  it('opens each kind of account on first use, with its owner, and finds the same one afterwards', async () => {
    const directory = new AccountDirectory();
    const central = await directory.resolve(database.db, { central: player });
    const float = await directory.resolve(database.db, { venueFloat: 'ag' });
    const house = await directory.resolve(database.db, HouseAccount.gameResults);
    expect([central.owner, float.owner, house.owner]).toEqual(['player', 'house', 'house']);
    expect(await row(`user:${player}:central`)).toMatchObject({
      id: central.id,
      owner: 'player',
      userId: player,
      kind: 'central',
      balance: 0n,
    });
    expect(await row('house:venue_float:ag')).toMatchObject({
      id: float.id,
      kind: 'venue_float',
      venue: 'ag',
    });
    expect(await row('house:game_results')).toMatchObject({ id: house.id, kind: 'game_results' });
    // Another process's directory finds the same rows.
    expect(await new AccountDirectory().resolve(database.db, { central: player })).toEqual(central);
  });

  it('does not remember an account whose opening transaction rolled back', async () => {
    const directory = new AccountDirectory();
    const name = { venueFloat: 'rolledback' };
    await expect(
      database.db.transaction(async (tx) => {
        await directory.resolve(tx, name);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await row('house:venue_float:rolledback')).toBeUndefined();
    const opened = await directory.resolve(database.db, name);
    expect(await row('house:venue_float:rolledback')).toMatchObject({ id: opened.id });
  });

  it('opens an account once when many ask for it at once', async () => {
    const refs = await Promise.all(
      Array.from({ length: 8 }, () => new AccountDirectory().resolve(database.db, { venueFloat: 'race' })),
    );
    expect(new Set(refs.map((r) => r.id)).size).toBe(1);
  });

  it('reads player balances, one or many in the order asked, 0 for an account never opened', async () => {
    const directory = new AccountDirectory();
    const promotions = await directory.resolve(database.db, HouseAccount.promotionsExpense);
    const central = await directory.resolve(database.db, { central: player });
    await database.db.transaction((tx) =>
      recordMovement(tx, {
        debit: promotions,
        credit: central,
        amount: 12_34n,
        kind: 'test',
        key: 'accounts-fund',
        at: new Date(),
      }),
    );
    const mine = `user:${player}:central`;
    const never = `user:${other}:central`;
    expect(await playerBalance(database.db, mine)).toBe(12_34n);
    expect(await playerBalance(database.db, never)).toBe(0n);
    expect(await playerBalances(database.db, [never, mine, mine])).toEqual([0n, 12_34n, 12_34n]);
    expect(await playerBalances(database.db, [])).toEqual([]);
  });

  it("reads a house account's balance as its credits minus its debits, 0 for one never opened", async () => {
    expect(await houseBalance(database.db, 'house:promotions_expense')).toBe(-12_34n);
    expect(await houseBalance(database.db, 'house:no_such_account')).toBe(0n);
  });
});
