import { STATEMENT_STATE } from '@app/contract/agents';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, payChannels, vipLevels } from '../src/db/schema/reference';
import { users } from '../src/db/schema/users';
import { Ledger, verifyAll } from '../src/ledger/ledger';
import { systemClock } from '../src/lib/clock';
import { DEMO_AGENT } from '../src/seeds/demo-agent';
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

  it("seeds the demo agent's players and last month's statement through the services, once", async () => {
    const { totpKeys } = testConfig();
    await prepareDatabase(database, { demo: true, demoAgent: true, totpKeys });
    await prepareDatabase(database, { demo: true, demoAgent: true, totpKeys });
    const statements = await database.db.execute(sql`
      SELECT s.month, s.state, s.net_loss::text, s.active_members, s.cpa::text, s.total::text,
        (SELECT count(*)::int FROM commission_statement_lines l WHERE l.statement_id = s.id) AS lines
      FROM commission_statements s JOIN users u ON u.id = s.agent_id WHERE u.username = ${DEMO_AGENT.username}`);
    const lastMonth = new Date(Date.now() + 8 * 3_600_000);
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    // Net loss 600 + 900 - 100; two active members: 20 %, 280; CPA 3 x 20.
    expect((statements as unknown as { rows: unknown[] }).rows).toEqual([
      {
        month: lastMonth.toISOString().slice(0, 7),
        state: STATEMENT_STATE.pending,
        net_loss: '140000',
        active_members: 2,
        cpa: '6000',
        total: '34000',
        lines: 3,
      },
    ]);
    expect(await verifyAll(database.db, new Ledger(database.db, systemClock))).toMatchObject({
      violations: [],
    });
  });
});
