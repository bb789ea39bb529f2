import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { betCursors } from '../src/db/schema/games';
import { cards } from '../src/db/schema/wallet';
import { Ledger, PendingState, verifyAll } from '../src/ledger/ledger';
import { systemClock } from '../src/lib/clock';
import { prepareDatabase } from '../src/seeds/run';
import { DemoGamePlay } from '../src/venues/demo/games/play';
import { freshDatabase, type TestDatabase, targets, testConfig } from './harness';

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

/** A copy of the migrations folder that stops before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** Runs several statements at once (PGlite's extended protocol takes one per query). */
async function script(database: Database, text: string): Promise<void> {
  const client = (
    database.db as unknown as {
      $client: { exec?(t: string): Promise<unknown>; query(t: string): Promise<unknown> };
    }
  ).$client;
  await (client.exec ? client.exec(text) : client.query(text));
}

/**
 * The upgrade of a database that holds venue transfers and withdrawals in every state, recorded as
 * the code before reservations recorded them: each becomes a reservation in its state, the open ones
 * held in their holding accounts, and the ledger checks out. The bet feed's cursor carries over.
 */
describe.each(targets)('the money core migrations over old records on %s', (target) => {
  let database: TestDatabase | Database;
  let ledger: Ledger;

  beforeAll(async () => {
    if (target === 'postgres') {
      // An empty database: freshDatabase migrates fully, so make one and empty its schema.
      database = await freshDatabase('postgres');
      await database.db.execute(
        sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE`,
      );
    } else {
      database = await openDatabase({});
    }
    const folder = migrationsBefore('0012_ledger_pending');
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    await script(database, OLD_RECORDS);
    await prepareDatabase(database, { demo: false, totpKeys: testConfig().totpKeys });
    ledger = new Ledger(database.db, systemClock);
  });
  afterAll(() => ('drop' in database ? database.drop() : database.close()));

  it('turns every transfer and withdrawal into a reservation in its state, and the ledger checks out', async () => {
    const states = Object.fromEntries(
      [...(await ledger.findMany(KEYS)).values()].map((p) => [p.key, [p.state, p.amount]]),
    );
    expect(states).toEqual({
      'venue:VI1': [PendingState.settled, 100_00n],
      'venue:VI2': [PendingState.voided, 50_00n],
      'venue:VI3': [PendingState.pending, 30_00n],
      'venue:VO1': [PendingState.settled, 40_00n],
      'venue:VO2': [PendingState.voided, 10_00n],
      'venue:VO3': [PendingState.pending, 20_00n],
      'withdrawal:WD1': [PendingState.pending, 100_00n],
      'withdrawal:WD2': [PendingState.settled, 50_00n],
      'withdrawal:WD3': [PendingState.voided, 25_00n],
    });
    expect((await ledger.find('withdrawal:WD3'))?.note).toBe('审核未通过');
    expect(await ledger.balance({ central: 1 })).toBe(760_00n);
    expect(await ledger.balance('venue_transit')).toBe(50_00n);
    expect(await ledger.balance({ venueFloat: 'pp' })).toBe(40_00n);
    expect((await verifyAll(database.db, ledger)).violations).toEqual([]);
  });

  it('keeps the bet feed where it was: the old cursor reads on from the same round', async () => {
    const [cursor] = await database.db.select().from(betCursors);
    expect(cursor?.cursor).toBe('0:1');
    const feed = await new DemoGamePlay(database.db).betsSince(cursor?.cursor ?? '', 10);
    expect(feed.bets.map((b) => b.betId)).toEqual(['DV0000000002']);
  });

  it('gives a card bound before its own waiting period: from its binding, by the setting then (24 hours)', async () => {
    const [card] = await database.db
      .select({ createdAt: cards.createdAt, usableFrom: cards.usableFrom })
      .from(cards);
    expect(card && card.usableFrom.getTime() - card.createdAt.getTime()).toBe(24 * 3_600_000);
  });

  it('settles and voids the migrated open ones like new ones', async () => {
    expect(await ledger.settle({ key: 'venue:VO3', to: { central: 1 } })).toMatchObject({
      status: 'applied',
    });
    expect(await ledger.void({ key: 'venue:VI3' })).toMatchObject({ status: 'applied' });
    expect(await ledger.void({ key: 'withdrawal:WD1' })).toMatchObject({ status: 'applied' });
    expect(await ledger.balance({ central: 1 })).toBe(910_00n);
    expect((await verifyAll(database.db, ledger)).violations).toEqual([]);
  });
});

const KEYS = ['VI1', 'VI2', 'VI3', 'VO1', 'VO2', 'VO3']
  .map((o) => `venue:${o}`)
  .concat(['WD1', 'WD2', 'WD3'].map((o) => `withdrawal:${o}`));

/**
 * As the previous code left them: transfers in moved central -> transit (-> float or back), transfers
 * out moved float -> central only when applied; withdrawals held central -> withdrawals pending.
 * VI3 awaits settlement unapplied at the venue; VO3 awaits settlement applied there.
 */
const OLD_RECORDS = `
INSERT INTO users (id, username, realname, password_hash, pay_password_hash) VALUES (1, 'old1', '老玩家', 'x', 'x');
SELECT setval('users_id_seq', 1);
INSERT INTO venues (code, name, category) VALUES ('pp', 'PP电子', 'joker');
INSERT INTO cards (id, user_id, type, bank, bank_owner, bank_no) VALUES (1, 1, 1, '中国银行', '老玩家', '6013820800012345678');
INSERT INTO accounts (id, code, owner, user_id, kind, venue, balance) VALUES
  (1, 'user:1:central', 'player', 1, 'central', NULL, 76000),
  (2, 'house:promotions_expense', 'house', NULL, 'promotions_expense', NULL, 0),
  (3, 'house:venue_transit', 'house', NULL, 'venue_transit', NULL, 0),
  (4, 'house:venue_float:pp', 'house', NULL, 'venue_float', 'pp', 0),
  (5, 'house:withdrawals_pending', 'house', NULL, 'withdrawals_pending', NULL, 0),
  (6, 'house:withdrawals_paid', 'house', NULL, 'withdrawals_paid', NULL, 0);
SELECT setval('accounts_id_seq', 6);
INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, kind, idempotency_key) VALUES
  (2, 1, 100000, 'grant', 'grant:1'),
  (1, 3, 10000, 'venue_in_reserve', 'venue:VI1:reserve'), (3, 4, 10000, 'venue_in_settle', 'venue:VI1:settle'),
  (1, 3, 5000, 'venue_in_reserve', 'venue:VI2:reserve'), (3, 1, 5000, 'venue_in_refund', 'venue:VI2:refund'),
  (1, 3, 3000, 'venue_in_reserve', 'venue:VI3:reserve'),
  (4, 1, 4000, 'venue_out_settle', 'venue:VO1:settle'),
  (1, 5, 10000, 'withdrawal_hold', 'withdrawal:WD1:hold'),
  (1, 5, 5000, 'withdrawal_hold', 'withdrawal:WD2:hold'), (5, 6, 5000, 'withdrawal_payout', 'withdrawal:WD2:payout'),
  (1, 5, 2500, 'withdrawal_hold', 'withdrawal:WD3:hold'), (5, 1, 2500, 'withdrawal_return', 'withdrawal:WD3:return');
INSERT INTO venue_transfers (order_no, user_id, venue, direction, amount, state, error) VALUES
  ('VI1', 1, 'pp', 'in', 10000, 1, ''), ('VI2', 1, 'pp', 'in', 5000, 0, '场馆维护中'), ('VI3', 1, 'pp', 'in', 3000, 2, ''),
  ('VO1', 1, 'pp', 'out', 4000, 1, ''), ('VO2', 1, 'pp', 'out', 1000, 0, '场馆余额不足'), ('VO3', 1, 'pp', 'out', 2000, 2, '');
INSERT INTO withdrawals (order_no, user_id, card_id, amount, state, note) VALUES
  ('WD1', 1, 1, 10000, 1, ''), ('WD2', 1, 1, 5000, 2, ''), ('WD3', 1, 1, 2500, 3, '审核未通过');
INSERT INTO demo_venue_wallets (venue, player, balance) VALUES ('pp', 'p1', 3000);
INSERT INTO demo_venue_bets (id, venue, player, game_code, stake, valid, payout, detail) VALUES
  (1, 'pp', 'p1', 'pp001', 500, 500, 500, '{}'), (2, 'pp', 'p1', 'pp001', 1000, 1000, 0, '{}');
SELECT setval('demo_venue_bets_id_seq', 2);
INSERT INTO bets (venue, bet_id, user_id, game_code, category, bet_amount, valid_amount, win_loss, status, placed_at)
  VALUES ('pp', 'DV0000000001', 1, 'pp001', 'joker', 500, 500, 0, 1, now());
INSERT INTO bet_cursors (provider, cursor) VALUES ('demo', 1);
INSERT INTO demo_venue_orders (order_no, venue, player, direction, amount) VALUES
  ('VI1', 'pp', 'p1', 'in', 10000), ('VO1', 'pp', 'p1', 'out', 4000), ('VO3', 'pp', 'p1', 'out', 2000);
`;
