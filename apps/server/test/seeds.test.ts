import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, payChannels, vipLevels } from '../src/db/schema/reference';
import { users } from '../src/db/schema/users';
import { Ledger } from '../src/ledger/ledger';
import { systemClock } from '../src/lib/clock';
import { prepareDatabase } from '../src/seeds/run';
import { freshDatabase, type TestDatabase, targets, testConfig } from './harness';

describe.each(targets)('seeds on %s', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(target, { demo: true });
  });
  afterAll(() => database.drop());

  it('seeds the reference data: ten VIP levels, banks and pay channels', async () => {
    const levels = await database.db.select().from(vipLevels).orderBy(vipLevels.level);
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]?.recharge).toBeGreaterThan(levels[i - 1]?.recharge ?? 0n);
    }
    expect((await database.db.select().from(banks)).length).toBeGreaterThanOrEqual(10);
    const channels = await database.db.select().from(payChannels);
    expect(channels.map((c) => c.code).sort()).toEqual([
      'card',
      'dcep',
      'pipay',
      'qqpay',
      'unionpay',
      'usdt',
      'wechat',
    ]);
  });

  it('credits the demo player 10000.00 through the ledger, once, however often it runs', async () => {
    const { totpKeys } = testConfig();
    await prepareDatabase(database, { demo: true, totpKeys });
    await prepareDatabase(database, { demo: true, totpKeys });
    const demo = await database.db.select().from(users).where(sql`${users.username} = 'demo888'`);
    expect(demo).toHaveLength(1);
    const ledger = new Ledger(database.db, systemClock);
    expect(await ledger.balance({ central: demo[0]?.id ?? 0 })).toBe(1_000_000n);
    const report = await ledger.verify();
    expect(report).toMatchObject({ violations: [], transfers: 1, total: 0n });
  });
});
