import { type CommissionRules, EXAMPLE_RULES } from '@app/contract/agents';
import { BetStatus, ReviewState } from '@app/contract/status';
import type { Db } from '../db/client';
import { Ledger } from '../ledger/ledger';
import type { Clock } from '../lib/clock';
import { orderNo } from '../lib/order-no';
import {
  assignPlan,
  attributeRegistration,
  closeMonth,
  createPlan,
  monthOf,
  monthRange,
  shiftMonth,
} from '../modules/agents/service';
import type { Actor } from '../modules/audit/service';
import { hashPassword } from '../modules/auth/passwords';
import { creditDeposit, insertDeposit } from '../modules/deposits/service';
import { insertBet } from '../modules/games/service';
import { findUserByUsername, insertPlayer, makeAgent } from '../modules/players/service';

/** The demo agent (合营计划), printed at start with the other demo logins. */
export const DEMO_AGENT = { username: 'daili888', password: 'daili888', realname: '演示代理' } as const;

/** A plan the demo's small figures reach: 20 % from 1,000 of net loss and 2 active members, and a CPA. */
const DEMO_RULES: CommissionRules = {
  ...EXAMPLE_RULES,
  active_min_valid_stake: 500,
  tiers: [
    { min_net_loss: 1_000, min_active: 2, share_percent: 20 },
    { min_net_loss: 10_000, min_active: 5, share_percent: 25 },
  ],
  cpa_amount: 20,
  cpa_min_first_deposit: 100,
};

/** The agent's players: a deposit and a settled round at the demo venue (stake and result), in yuan. */
const DEMO_MEMBERS = [
  { username: 'huiyuan01', deposit: 1_000, stake: 800, result: -600 },
  { username: 'huiyuan02', deposit: 2_000, stake: 1_500, result: -900 },
  { username: 'huiyuan03', deposit: 500, stake: 300, result: 100 },
] as const;

const SEED_ACTOR: Actor = {
  operatorId: null,
  username: 'seed',
  role: 'bootstrap',
  ip: '127.0.0.1',
  via: 'bootstrap',
};
const yuan = (n: number) => BigInt(n) * 100n;

/**
 * The demo agent on first start: an agent with a plan and three players who registered through
 * the agent's link, deposited and played at the demo venue on the 10th of last Beijing month (each
 * through the module that does it for real), and last month closed, so that 代理中心 and 佣金账单
 * show a statement waiting. Again on a restart: nothing, the agent exists and the month is closed.
 */
export async function seedDemoAgent(db: Db, clock: Clock): Promise<void> {
  if (await findUserByUsername(db, DEMO_AGENT.username)) return;
  const now = clock.now();
  const month = shiftMonth(monthOf(now), -1);
  const at = new Date(monthRange(month).start.getTime() + 9 * 86_400_000 + 12 * 3_600_000);
  const then = { db, clock: { now: () => at }, ledger: new Ledger(db, { now: () => at }) };
  const passwordHash = await hashPassword(DEMO_AGENT.password);

  const agentId = await db.transaction(async (tx) => {
    const agent = await insertPlayer(tx, {
      ...DEMO_AGENT,
      passwordHash,
      payPasswordHash: passwordHash,
      createdAt: at,
    });
    if (!agent) throw new Error('demo agent could not be created');
    await makeAgent(tx, agent.id);
    return agent.id;
  });
  const planId = await createPlan(then, SEED_ACTOR, {
    name: '演示方案',
    is_default: false,
    rules: DEMO_RULES,
    note: '演示数据',
  });
  await assignPlan(then, SEED_ACTOR, agentId, planId, '演示数据');

  for (const m of DEMO_MEMBERS) {
    const userId = await db.transaction(async (tx) => {
      const player = await insertPlayer(tx, {
        username: m.username,
        realname: '演示会员',
        passwordHash,
        payPasswordHash: passwordHash,
        createdAt: at,
      });
      if (!player) throw new Error(`demo member ${m.username} could not be created`);
      await attributeRegistration(tx, player.id, { pid: agentId }, at);
      return player.id;
    });
    const order = await insertDeposit(db, {
      orderNo: orderNo('DP', at),
      userId,
      channel: 'usdt',
      protocol: 'TRC20',
      amount: yuan(m.deposit),
      state: ReviewState.pending,
      createdAt: at,
    });
    await creditDeposit(then, order.orderNo);
    await db.transaction((tx) =>
      insertBet(tx, {
        venue: 'obgdy',
        betId: `demo-agent-${m.username}`,
        userId,
        gameCode: 'obgdy001',
        category: 'concise',
        betAmount: yuan(m.stake),
        validAmount: yuan(m.stake),
        winLoss: yuan(m.result),
        status: BetStatus.settled,
        placedAt: at,
        settledAt: at,
      }),
    );
  }
  await closeMonth({ db, clock }, month);
}
