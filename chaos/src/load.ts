import { randomBytes } from 'node:crypto';
import { attempt, sleep } from './client';
import {
  type FinalAnswer,
  inPool,
  type Operation,
  type Player,
  pick,
  type Tally,
  untilFinal,
} from './operations';
import type { ServerProcess } from './servers';

/** The venues the players move money into and out of (recover-all empties every venue). */
export const VENUES = ['obgdy', 'fgdz', 'pp', 'ae', 'obzr'];
const ONLINE_AMOUNTS = [100, 200, 300, 500];
/** A share of first attempts given up on after a few milliseconds, as a dropped phone connection. */
const ABANDON_FIRST = 0.05;

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
/** A yuan amount with cents now and then. */
const yuan = (min: number, max: number) =>
  Math.random() < 0.3 ? between(min * 100, max * 100) / 100 : between(min, max);

/**
 * The mix of player operations, each with its own Idempotency-Key. Players who deposit online take
 * on a turnover requirement and so cannot withdraw: deposits and withdrawals go to separate players.
 */
export function planOperations(players: Player[], count: number): Operation[] {
  const run = randomBytes(3).toString('hex');
  const depositors = players.slice(0, Math.ceil(players.length / 4));
  const withdrawers = players.slice(depositors.length);
  const post = (path: string, player: Player, key: string, body: object) => ({
    method: 'POST' as const,
    path,
    bearer: player.token,
    idempotencyKey: key,
    body,
  });
  return Array.from({ length: count }, (_, i): Operation => {
    const key = `chaos-${run}-${i}`;
    const draw = Math.random();
    if (draw < 0.44) {
      const player = pick(players) as Player;
      const venue = pick(VENUES) as string;
      const amount = yuan(1, 300);
      const body = { amount, sourcetype: 'userbalance', targettype: venue };
      return {
        kind: 'transfer_in',
        key,
        player,
        venue,
        amount,
        call: post('/api/transfer', player, key, body),
      };
    }
    if (draw < 0.77) {
      const player = pick(players) as Player;
      const venue = pick(VENUES) as string;
      const amount = yuan(1, 200);
      const body = { amount, sourcetype: venue, targettype: 'userbalance' };
      return {
        kind: 'transfer_out',
        key,
        player,
        venue,
        amount,
        call: post('/api/transfer', player, key, body),
      };
    }
    if (draw < 0.88) {
      const player = pick(players) as Player;
      return { kind: 'recover_all', key, player, call: post('/api/transall', player, key, {}) };
    }
    if (draw < 0.94) {
      const player = pick(withdrawers) as Player;
      const amount = yuan(100, 250);
      const body = { amount, bank: player.cardId, password: 'paypass123' };
      return { kind: 'withdraw', key, player, amount, call: post('/api/withdraw', player, key, body) };
    }
    const player = pick(depositors) as Player;
    const amount = pick(ONLINE_AMOUNTS) as number;
    const body = { payAmount: amount, username: player.name, payType: 'pipay' };
    return { kind: 'deposit', key, player, amount, call: post('/pay/api/recharge', player, key, body) };
  });
}

/** Runs one player operation to its final answer; a deposit's order is then paid at the sandbox's checkout. */
export async function runOperation(servers: ServerProcess[], op: Operation, tally: Tally, deadline: number) {
  const final = await untilFinal(servers, op.call, tally, {
    deadline,
    abandonFirst: Math.random() < ABANDON_FIRST,
  });
  if (!final) return;
  op.final = final;
  if (op.kind === 'deposit' && final.body.code === 200)
    await payAtCheckout(servers, op, final, tally, deadline);
}

async function payAtCheckout(
  servers: ServerProcess[],
  op: Operation,
  final: FinalAnswer,
  tally: Tally,
  deadline: number,
) {
  const order = final.body.data as { orderNo: string; url: string };
  op.deposit = { orderNo: order.orderNo, paid: false };
  const paid = await untilFinal(servers, { method: 'POST', path: order.url.replace('?', '/pay?') }, tally, {
    deadline,
  });
  // The checkout answers a payment (or a repeat of it) with a redirect to its page.
  op.deposit.paid = paid?.status === 303;
}

/** Asks for the deposit's state as the app does after the checkout: the server asks the gateway and credits it once. */
export async function confirmDeposit(
  servers: ServerProcess[],
  op: Operation,
  tally: Tally,
  deadline: number,
) {
  if (!op.deposit?.paid || !op.player) return;
  const path = `/pay/api/queryOrderNo?orderNo=${op.deposit.orderNo}`;
  while (Date.now() < deadline) {
    const answer = await untilFinal(servers, { method: 'GET', path, bearer: op.player.token }, tally, {
      deadline,
    });
    if (answer?.body.data === true) return;
    await sleep(500);
  }
}

/**
 * The operator's side: while `running()`, and then until none is left, lists the withdrawals waiting for review through the
 * operator API and approves about 60 % and rejects the rest, each decision retried (by its order
 * number, which decides once) until answered. Answers the decisions, as operations.
 */
export async function reviewWithdrawals(
  servers: ServerProcess[],
  operatorKey: string,
  tally: Tally,
  running: () => boolean,
  decisionDeadlineMs: number,
): Promise<Operation[]> {
  const decided = new Map<string, Operation>();
  let fresh: { order_no: string }[] = [];
  do {
    const server = pick(servers.filter((s) => s.live));
    const listed = server
      ? await attempt(server, {
          method: 'GET',
          path: '/admin/api/withdrawals?state=1',
          bearer: operatorKey,
          timeoutMs: 30_000,
        })
      : { lost: 'no server' };
    const waiting =
      'answer' in listed && Array.isArray(listed.answer.body.data)
        ? (listed.answer.body.data as { order_no: string }[])
        : [];
    fresh = waiting.filter((w) => !decided.has(w.order_no));
    await inPool(fresh, 4, async ({ order_no }) => {
      const kind = Math.random() < 0.6 ? 'approve' : 'reject';
      const call = {
        method: 'POST' as const,
        path: `/admin/api/withdrawals/${kind}`,
        bearer: operatorKey,
        body: { order_no, note: '混沌测试' },
      };
      const op: Operation = { kind, key: order_no, call };
      decided.set(order_no, op);
      const final = await untilFinal(servers, call, tally, { deadline: Date.now() + decisionDeadlineMs });
      if (final) op.final = final;
    });
    if (fresh.length === 0) await sleep(500);
  } while (running() || fresh.length > 0);
  return [...decided.values()];
}
