import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { changeTurnover } from '../src/modules/turnover/service';
import {
  body,
  createTestApp,
  fundedPlayer,
  operatorKey,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

/** A superadmin's API key, made in each suite's beforeAll. */
let operator = '';

/** `ledger:verify` also checks the balances that gate money outside the ledger (issue 15). */
describe.each(targets)('ledger verify of the gates on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
    operator = await operatorKey(t.ctx);
  });
  afterAll(() => t.close());

  it('keeps the turnover requirement equal to its entries applied in order, under concurrent changes', async () => {
    const p = await fundedPlayer(t, 0n);
    const deltas = Array.from({ length: 30 }, (_, i) => BigInt((i % 3 === 0 ? 1 : -1) * (100 + i * 7)));
    await Promise.all(
      deltas.map((delta, i) =>
        t.ctx.db.transaction((tx) => changeTurnover(tx, p.userId, delta, 'test', `audit:${p.userId}:${i}`)),
      ),
    );
    expect(await violations(t.ctx)).toEqual([]);
  });

  it.runIf(target === 'postgres')(
    'numbers turnover entries in the order they apply, even when a later change takes the player first',
    async () => {
      const p = await fundedPlayer(t, 0n);
      const first = new pg.Client({ connectionString: t.database.url });
      await first.connect();
      try {
        const db = drizzle({ client: first }) as unknown as Db;
        // The first change takes the player's row and waits; a second arrives meanwhile and must queue
        // behind it before it is numbered, or the entries would replay in the wrong order.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const taken = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const firstChange = db.transaction(async (tx) => {
          await tx.execute(sql`SELECT id FROM users WHERE id = ${p.userId} FOR NO KEY UPDATE`);
          locked();
          await held;
          await changeTurnover(tx, p.userId, 1_000n, 'test', `audit:${p.userId}:up`);
        });
        await taken;
        const second = t.ctx.db.transaction((tx) =>
          changeTurnover(tx, p.userId, -500n, 'test', `audit:${p.userId}:down`),
        );
        await new Promise((r) => setTimeout(r, 300));
        release();
        await Promise.all([firstChange, second]);
      } finally {
        await first.end();
      }
      const [user] = await t.ctx.db.select().from(users).where(eq(users.id, p.userId));
      expect(user?.turnoverRequired).toBe(500n);
      expect(await violations(t.ctx)).toEqual([]);
    },
  );

  it('reports a turnover requirement written behind its entries', async () => {
    const p = await fundedPlayer(t, 0n);
    await t.ctx.db.update(users).set({ turnoverRequired: 1_00n }).where(eq(users.id, p.userId));
    expect(await violations(t.ctx)).toEqual([
      `turnover required ${p.userId}: holds 100 but the records say 0`,
    ]);
    await t.ctx.db.update(users).set({ turnoverRequired: 0n }).where(eq(users.id, p.userId));
  });

  it('reports a deposit total that is not the approved deposits', async () => {
    const p = await fundedPlayer(t, 0n);
    const res = await post(
      t.app,
      '/api/recharge',
      { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' },
      p.token,
    );
    const { deposit_no } = body(res).data as { deposit_no: string };
    await post(t.app, '/admin/api/deposits/approve', { order_no: deposit_no }, operator);
    expect(await violations(t.ctx)).toEqual([]);
    await t.ctx.db
      .update(users)
      .set({ depositTotal: sql`${users.depositTotal} + 1` })
      .where(eq(users.id, p.userId));
    expect(await violations(t.ctx)).toEqual([
      `deposit total ${p.userId}: holds 20001 but the records say 20000`,
    ]);
    await t.ctx.db
      .update(users)
      .set({ depositTotal: sql`${users.depositTotal} - 1` })
      .where(eq(users.id, p.userId));
  });
});
