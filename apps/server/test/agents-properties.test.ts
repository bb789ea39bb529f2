import { COMMISSION_KIND, type CommissionRules } from '@app/contract/agents';
import { BetStatus } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bets } from '../src/db/schema/games';
import { HouseAccount } from '../src/ledger/ledger';
import { SettableClock } from '../src/lib/clock';
import { attributeRegistration, closeMonth } from '../src/modules/agents/service';
import { findUserByUsername } from '../src/modules/auth/repository';
import { makeAgent } from '../src/modules/players/service';
import { reviewSetting } from '../src/modules/settings/definitions';
import { writeSetting } from '../src/modules/settings/repository';
import { body, createTestApp, operatorWithKey, post, registerPlayer, type TestApp, targets } from './harness';

/**
 * Random months of deposits, bets, bonuses and sub-agents: every statement the close writes equals
 * the plan's formula computed here on its own from the generated figures (not from the database),
 * and what the approvals paid equals the ledger's agent_commission movements. Deposits and bonuses
 * are written as the ledger's movements and bets as the bet feed records them; the flows that
 * make them are tested elsewhere.
 */

const kinds = ['rebate', 'red_packet', 'activity_bonus', 'operator_credit', 'test_grant'] as const;
const cents = fc.integer({ min: 0, max: 500_000 });
const playerArb = fc.record({
  agent: fc.nat(),
  deposits: fc.array(cents, { maxLength: 3 }),
  bets: fc.array(
    fc.record({
      stake: cents,
      payout: fc.integer({ min: 0, max: 1_500_000 }),
      inMonth: fc.boolean(),
      settled: fc.boolean(),
    }),
    { maxLength: 4 },
  ),
  bonuses: fc.array(
    fc.record({ kind: fc.constantFrom(...kinds), amount: fc.integer({ min: 1, max: 50_000 }) }),
    {
      maxLength: 3,
    },
  ),
});
const percent = fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 100);
const rulesArb: fc.Arbitrary<CommissionRules> = fc
  .record({
    fee_basis: fc.constantFrom('stakes' as const, 'net_loss' as const),
    fee_percent: percent,
    thresholds: fc.array(fc.record({ loss: cents, active: fc.integer({ min: 0, max: 4 }), share: percent }), {
      minLength: 1,
      maxLength: 4,
    }),
    active_min_deposit: fc.integer({ min: 0, max: 2000 }),
    active_min_valid_stake: fc.integer({ min: 0, max: 2000 }),
    override_percents: fc.array(percent, { maxLength: 2 }),
    cpa_amount: fc.integer({ min: 0, max: 100 }),
    cpa_min_first_deposit: fc.integer({ min: 0, max: 3000 }),
  })
  .map(({ thresholds, ...r }) => {
    const losses = thresholds.map((t) => t.loss / 100).sort((a, b) => a - b);
    const actives = thresholds.map((t) => t.active).sort((a, b) => a - b);
    return {
      ...r,
      negative: 'reset' as const,
      turnover_multiple: 1,
      tiers: thresholds.map((t, i) => ({
        min_net_loss: losses[i] ?? 0,
        min_active: actives[i] ?? 0,
        share_percent: t.share,
      })),
    };
  });

const bp = (p: number) => BigInt(Math.round(p * 100));
const down = (a: bigint, shareBp: bigint) => (a * shareBp) / 10_000n;

describe.each(targets)('commission statements against the formula on %s', (target) => {
  let t: TestApp;
  const clock = new SettableClock();
  let finance: Awaited<ReturnType<typeof operatorWithKey>>;
  let run = 0;

  beforeAll(async () => {
    clock.set(new Date('2030-01-01T00:00:00+08:00'));
    t = await createTestApp(target, { clock });
    finance = await operatorWithKey(t.ctx, 'finance');
    await writeSetting(t.ctx.db, reviewSetting, { four_eyes_threshold: 1_000_000_000 });
  });
  afterAll(() => t.close());

  it('equals the plan formula for every agent, and pays exactly the ledger movements', async () => {
    await fc.assert(
      fc.asyncProperty(
        rulesArb,
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 3 }),
        fc.array(playerArb, { minLength: 1, maxLength: 5 }),
        async (rules, agentCount, parents, players) => {
          run += 1;
          // A month of its own per run (shrinking runs more).
          const month = `${2031 + Math.floor((run - 1) / 12)}-${String(((run - 1) % 12) + 1).padStart(2, '0')}`;
          const start = new Date(`${month}-01T00:00:00+08:00`);
          const inMonth = new Date(start.getTime() + 5 * 86_400_000);
          const before = new Date(start.getTime() - 86_400_000);
          clock.set(new Date(start.getTime() - 2 * 86_400_000));
          const plan = body(
            await post(
              t.app,
              '/admin/api/agent-plans',
              { name: `p${run}`, is_default: true, rules, note: '性质测试' },
              (await operatorWithKey(t.ctx, 'operations')).key,
            ),
          );
          expect(plan.code, plan.message).toBe(200);

          // Agents: the first at the top, each next a member of an earlier one.
          const agents: number[] = [];
          for (let i = 0; i < agentCount; i++) {
            const id = (await findUserByUsername(t.ctx.db, (await registerPlayer(t.app)).name))?.id ?? 0;
            const parent = i === 0 ? undefined : agents[(parents[i - 1] ?? 0) % i];
            await t.ctx.db.transaction(async (tx) => {
              if (parent !== undefined) await attributeRegistration(tx, id, { pid: parent }, clock.now());
              await makeAgent(tx, id);
            });
            agents.push(id);
          }
          // A sub-agent is a player of the agent above it too (here without play of its own).
          const members = new Map<number, number[]>(agents.map((a) => [a, []]));
          for (const [i, a] of agents.entries())
            if (i > 0) members.get(agents[(parents[i - 1] ?? 0) % i] ?? 0)?.push(a);
          const figures = new Map<
            number,
            {
              dep: bigint[];
              stakes: bigint;
              valid: bigint;
              payouts: bigint;
              bonus: bigint;
              first: bigint | null;
            }
          >();
          for (const p of players) {
            const id = (await findUserByUsername(t.ctx.db, (await registerPlayer(t.app)).name))?.id ?? 0;
            const agent = agents[p.agent % agents.length] ?? 0;
            await t.ctx.db.transaction((tx) => attributeRegistration(tx, id, { pid: agent }, clock.now()));
            members.get(agent)?.push(id);
            const f = {
              dep: [] as bigint[],
              stakes: 0n,
              valid: 0n,
              payouts: 0n,
              bonus: 0n,
              first: null as bigint | null,
            };
            for (const [i, amount] of p.deposits.entries()) {
              if (amount === 0) continue;
              clock.set(new Date(inMonth.getTime() + i * 60_000));
              await t.ctx.ledger.credit({
                key: `prop-dep:${id}:${i}`,
                from: HouseAccount.depositsClearing,
                to: { central: id },
                amount: BigInt(amount),
                kind: 'deposit',
              });
              f.dep.push(BigInt(amount));
              f.first ??= BigInt(amount);
            }
            clock.set(new Date(inMonth.getTime() + 3_600_000));
            for (const [i, b] of p.bonuses.entries()) {
              await t.ctx.ledger.credit({
                key: `prop-bonus:${id}:${i}`,
                from: HouseAccount.promotionsExpense,
                to: { central: id },
                amount: BigInt(b.amount),
                kind: b.kind,
              });
              if (b.kind !== 'test_grant') f.bonus += BigInt(b.amount);
            }
            for (const [i, b] of p.bets.entries()) {
              const at = b.inMonth ? inMonth : before;
              await t.ctx.db.insert(bets).values({
                venue: 'obgdy',
                betId: `prop-${id}-${i}`,
                userId: id,
                gameCode: 'obgdy001',
                category: 'realbet',
                betAmount: BigInt(b.stake),
                validAmount: BigInt(b.stake),
                winLoss: BigInt(b.payout - b.stake),
                status: b.settled ? BetStatus.settled : BetStatus.unsettled,
                placedAt: at,
                settledAt: b.settled ? at : null,
              });
              if (b.inMonth && b.settled) {
                f.stakes += BigInt(b.stake);
                f.valid += BigInt(b.stake);
                f.payouts += BigInt(b.payout);
              }
            }
            figures.set(id, f);
          }

          clock.set(new Date(start.getTime() + 40 * 86_400_000));
          expect(await closeMonth(t.ctx, month)).not.toBeNull();

          // The formula, computed here from what was generated.
          const own = new Map<number, bigint>();
          const expected = new Map<
            number,
            { net: bigint; active: number; commission: bigint; cpa: bigint }
          >();
          for (const agent of agents) {
            let net = 0n;
            let active = 0;
            let cpaCount = 0n;
            for (const id of members.get(agent) ?? []) {
              const f = figures.get(id) ?? {
                dep: [],
                stakes: 0n,
                valid: 0n,
                payouts: 0n,
                bonus: 0n,
                first: null,
              };
              const deposits = f.dep.reduce((s, d) => s + d, 0n);
              const beforeFee = f.stakes - f.payouts - f.bonus;
              const fee =
                rules.fee_basis === 'stakes'
                  ? down(f.stakes, bp(rules.fee_percent))
                  : beforeFee > 0n
                    ? down(beforeFee, bp(rules.fee_percent))
                    : 0n;
              net += beforeFee - fee;
              if (
                deposits >= BigInt(rules.active_min_deposit * 100) &&
                f.valid >= BigInt(rules.active_min_valid_stake * 100)
              )
                active++;
              if (
                rules.cpa_amount > 0 &&
                f.first !== null &&
                f.first >= BigInt(rules.cpa_min_first_deposit * 100)
              )
                cpaCount++;
            }
            const tier = rules.tiers
              .filter((x) => net >= BigInt(Math.round(x.min_net_loss * 100)) && active >= x.min_active)
              .at(-1);
            const commission = net > 0n && tier ? down(net, bp(tier.share_percent)) : 0n;
            own.set(agent, commission);
            expected.set(agent, { net, active, commission, cpa: BigInt(rules.cpa_amount * 100) * cpaCount });
          }
          const chainOf = new Map<number, number[]>();
          for (const [i, a] of agents.entries()) {
            if (i === 0) chainOf.set(a, []);
            else {
              const parent = agents[(parents[i - 1] ?? 0) % i] ?? 0;
              chainOf.set(a, [...(chainOf.get(parent) ?? []), parent]);
            }
          }

          const rows = (
            (await t.ctx.db.execute(sql`SELECT id, agent_id, net_loss::text, active_members, commission::text, overrides::text, cpa::text, total::text
              FROM commission_statements WHERE month = ${month}`)) as unknown as {
              rows: {
                id: string;
                agent_id: string;
                net_loss: string;
                active_members: number;
                commission: string;
                overrides: string;
                cpa: string;
                total: string;
              }[];
            }
          ).rows;
          let totalPaid = 0n;
          for (const agent of agents) {
            const row = rows.find((r) => Number(r.agent_id) === agent);
            // An agent without players (nor sub-agents, who are players too) has nothing to settle.
            if ((members.get(agent) ?? []).length === 0) {
              expect(row).toBeUndefined();
              continue;
            }
            const e = expected.get(agent);
            if (!row || !e) throw new Error(`no statement for agent ${agent}`);
            let overrides = 0n;
            for (const other of agents) {
              const chain = chainOf.get(other) ?? [];
              const at = chain.indexOf(agent);
              if (at < 0) continue;
              const level = chain.length - at;
              const share = rules.override_percents[level - 1];
              if (share !== undefined) overrides += down(own.get(other) ?? 0n, bp(share));
            }
            expect({
              net: BigInt(row.net_loss),
              active: Number(row.active_members),
              commission: BigInt(row.commission),
              overrides: BigInt(row.overrides),
              cpa: BigInt(row.cpa),
              total: BigInt(row.total),
            }).toEqual({ ...e, overrides, total: e.commission + overrides + e.cpa });
          }
          for (const row of rows) {
            const answer = body(
              await post(
                t.app,
                `/admin/api/agent-statements/${row.id}/decide`,
                { decision: 'approve', note: '性质测试' },
                finance.key,
              ),
            );
            expect(answer.code, answer.message).toBe(200);
            totalPaid += BigInt(row.total);
          }
          const moved = (
            (await t.ctx.db.execute(sql`SELECT coalesce(sum(t.amount), 0)::text AS amount FROM ledger_transfers t
              JOIN commission_statements s ON t.ref_id = s.id::text WHERE t.kind = ${COMMISSION_KIND} AND s.month = ${month}`)) as unknown as {
              rows: { amount: string }[];
            }
          ).rows[0]?.amount;
          expect(BigInt(moved ?? '0')).toBe(totalPaid);
        },
      ),
      { numRuns: 5 },
    );
  }, 240_000);
});
