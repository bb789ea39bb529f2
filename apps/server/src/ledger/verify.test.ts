import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/harness';
import { targets } from '../../test/harness';
import { ledgerDatabase } from '../../test/ledger-database';
import { AccountDirectory, type AccountRef, HouseAccount } from './accounts';
import { recordMovement } from './movements';
import { verifyLedger } from './verify';

/**
 * Each invariant the check reports, broken behind the ledger's back. The constraints that would
 * refuse the break are dropped first: the check is there for a database where something did.
 */
describe.each(targets)('verifyLedger on %s', (target) => {
  let database: TestDatabase;
  let mine: AccountRef;
  let theirs: AccountRef;
  let promotions: AccountRef;
  let transit: AccountRef;
  let mineCode: string;
  let theirsCode: string;

  beforeAll(async () => {
    const made = await ledgerDatabase(target, 2);
    database = made.database;
    const [first, second] = made.players as [number, number];
    mineCode = `user:${first}:central`;
    theirsCode = `user:${second}:central`;
    const directory = new AccountDirectory();
    promotions = await directory.resolve(database.db, HouseAccount.promotionsExpense);
    transit = await directory.resolve(database.db, HouseAccount.venueTransit);
    mine = await directory.resolve(database.db, { central: first });
    theirs = await directory.resolve(database.db, { central: second });
    await database.db.transaction((tx) =>
      recordMovement(tx, {
        debit: promotions,
        credit: mine,
        amount: 10_00n,
        kind: 'test',
        key: 'v1',
        at: new Date(),
      }),
    );
    await database.db.execute(sql`ALTER TABLE accounts DROP CONSTRAINT accounts_player_non_negative`);
    await database.db.execute(sql`ALTER TABLE accounts DROP CONSTRAINT accounts_house_no_running_balance`);
  });
  afterAll(() => database.drop());

  const report = () => verifyLedger(database.db);
  const setBalance = (ref: AccountRef, balance: bigint) =>
    database.db.execute(sql`UPDATE accounts SET balance = ${balance} WHERE id = ${ref.id}`);

  it('reports nothing on a sound ledger, and counts its accounts and transfers', async () => {
    const counted = await database.db.execute(sql`SELECT count(*)::int AS n FROM accounts`);
    const accounts = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(accounts).toBeGreaterThanOrEqual(4);
    expect(await report()).toEqual({ accounts, transfers: 1, total: 0n, violations: [] });
  });

  it("reports a player's balance that its transfers do not give, and the sum off zero", async () => {
    await setBalance(mine, 10_01n);
    expect((await report()).violations).toEqual([
      'balances sum to 1 cents, not 0',
      `${mineCode}: balance 1001 but transfers give 1000`,
    ]);
    await setBalance(mine, 10_00n);
  });

  it('reports a negative player balance', async () => {
    await setBalance(theirs, -5n);
    expect((await report()).violations).toEqual([
      'balances sum to -5 cents, not 0',
      `${theirsCode}: balance -5 but transfers give 0`,
      `${theirsCode}: negative player balance -5`,
    ]);
    await setBalance(theirs, 0n);
  });

  it("reports a house account's running balance written", async () => {
    await setBalance(promotions, 3n);
    expect((await report()).violations).toEqual([
      "house:promotions_expense: a house account's running balance was written (3)",
    ]);
    await setBalance(promotions, 0n);
  });

  it('reports a holding account that does not hold what its pending reservations add up to', async () => {
    await database.db.execute(sql`INSERT INTO ledger_pending (key, kind, source_account_id, holding_account_id, amount)
      VALUES ('orphan', 'transfer', ${mine.id}, ${transit.id}, 7)`);
    expect((await report()).violations).toEqual([
      'house:venue_transit: holds 0 but its pending reservations add up to 7',
    ]);
    await database.db.execute(sql`UPDATE ledger_pending SET state = 2 WHERE key = 'orphan'`);
    expect((await report()).violations).toEqual([]);
  });
});
