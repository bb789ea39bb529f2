import type { AuditRow } from '@app/contract/admin/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './console';
import { body, createTestApp, fundedPlayer, operatorWithKey, type TestApp, targets } from './harness';

describe.each(targets)('the audit log on %s', (target) => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00+08:00'));
  let support: Awaited<ReturnType<typeof operatorWithKey>>;
  let auditor: Awaited<ReturnType<typeof operatorWithKey>>;
  let playerId: number;

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    support = await operatorWithKey(t.ctx, 'support');
    auditor = await operatorWithKey(t.ctx, 'auditor');
    playerId = (await fundedPlayer(t, 0n)).userId;
    const act = (path: string, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/players/${playerId}/${path}`,
        headers: { authorization: `Bearer ${support.key}` },
        payload: { reason },
      });
    await act('freeze', '=HYPERLINK("http://evil.example","点我")');
    clock.advance(86_400_000);
    await act('unfreeze', '核实本人, 解冻');
  });
  afterAll(() => t.close());

  const read = async (query: string) =>
    body(
      await t.app.inject({
        url: `/admin/api/audit?${query}`,
        headers: { authorization: `Bearer ${auditor.key}` },
      }),
    ).data as { data: AuditRow[]; total: number };

  it('refuses to change or remove a row', async () => {
    await expect(t.ctx.db.execute(sql`UPDATE audit_log SET reason = 'edited'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect((await read(`operator=${support.username}&target_type=player`)).total).toBeGreaterThan(0);
  });

  it('finds rows by operator, action, target and Beijing day, newest first', async () => {
    const mine = await read(`operator=${support.username}&target_type=player`);
    expect(mine.data.map((r) => r.action)).toEqual(['players.unfreeze', 'players.freeze']);
    expect(mine.data[0]).toMatchObject({
      operator: support.username,
      role: '客服',
      action_label: '解冻玩家',
      target_type: 'player',
      target_id: String(playerId),
      reason: '核实本人, 解冻',
      before: { status: 0 },
      after: { status: 1 },
      at: '2026-03-02 10:00:00',
    });
    expect((await read('action=players.freeze')).data.map((r) => r.target_id)).toEqual([String(playerId)]);
    expect((await read(`target_type=player&target_id=${playerId}`)).total).toBe(2);
    expect((await read('from=2026-03-01&to=2026-03-01&action=players.freeze')).total).toBe(1);
    expect((await read('from=2026-03-02&to=2026-03-02&action=players.freeze')).total).toBe(0);
    const oldestFirst = await read(`operator=${support.username}&target_type=player&sort=at&order=ascend`);
    expect(oldestFirst.data.map((r) => r.action)).toEqual(['players.freeze', 'players.unfreeze']);
    const badDay = await t.app.inject({
      url: '/admin/api/audit?from=yesterday',
      headers: { authorization: `Bearer ${auditor.key}` },
    });
    expect(body(badDay)).toEqual({ code: 400, message: '日期格式应为 YYYY-MM-DD' });
  });

  it('exports the filtered rows as CSV, a formula kept as text, and records the export', async () => {
    const res = await t.app.inject({
      url: `/admin/api/audit/export?operator=${support.username}&target_type=player`,
      headers: { authorization: `Bearer ${auditor.key}` },
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('编号,时间,操作员,角色,操作,对象类型,对象,对象名称,原因,IP,方式,变更前,变更后');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',"核实本人, 解冻",');
    expect(lines[1]).toContain(`,玩家,${playerId},#${playerId},`);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"",""点我"")",`);
    const exported = await read(`operator=${auditor.username}&action=audit.export`);
    expect(exported.data[0]?.after).toMatchObject({ rows: 2 });
  });
});
