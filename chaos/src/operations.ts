import { SERVER_MSG } from '@app/contract/messages';
import { IDEMPOTENCY_MSG } from '@app/server/src/lib/idempotency';
import { type Attempt, attempt, type Call, type Envelope, sleep } from './client';
import type { ServerProcess } from './servers';

export type OperationKind =
  | 'credit'
  | 'transfer_in'
  | 'transfer_out'
  | 'recover_all'
  | 'withdraw'
  | 'deposit'
  | 'approve'
  | 'reject';

export interface Player {
  name: string;
  token: string;
  userId: number;
  cardId: number;
}

export interface FinalAnswer {
  status: number;
  body: Envelope;
  location: string;
}

/** One money operation: a player's call with its Idempotency-Key, or an operator's decision. */
export interface Operation {
  kind: OperationKind;
  /** The Idempotency-Key, or for an operator's decision the withdrawal's order number. */
  key: string;
  player?: Player;
  venue?: string;
  amount?: number;
  call: Omit<Call, 'timeoutMs'>;
  /** The first final answer; undefined while none came (the key is unresolved). */
  final?: FinalAnswer;
  /** The answer a retry of the key gave once the load was over. */
  replay?: FinalAnswer;
  /** A deposit's checkout, paid by the player: the order number and whether the payment went through. */
  deposit?: { orderNo: string; paid: boolean };
}

export interface Tally {
  attempts: number;
  lost: number;
  inProgress: number;
  /** Answers of 500 and above other than a proxy's (which there is none of here) or the one below. */
  serverErrors: number;
  /** 503 while the database restarts: "服务暂时不可用，请稍后重试", retried like a lost attempt. */
  unavailable: number;
  /** Refused by a node past its capacity (503 当前访问人数过多), before any work. */
  shed: number;
  /** A 409 for a key reused with other parameters: the runner never does that. */
  keyReused: number;
}

export const newTally = (): Tally => ({
  attempts: 0,
  lost: 0,
  inProgress: 0,
  serverErrors: 0,
  unavailable: 0,
  shed: 0,
  keyReused: 0,
});

/** How long one attempt waits: longer than a retry's server-side wait for a claim held by another request. */
const ATTEMPT_TIMEOUT_MS = 35_000;

/**
 * Sends a call until it gets a final answer or the deadline passes: every lost attempt (a
 * timeout, a reset, a refused connection), every "in progress" and every 5xx is retried with the
 * same key, on either server process. `abandonFirst` gives up on the first attempt after a few
 * milliseconds, as a phone whose connection drops would, leaving the server to finish it alone.
 */
export async function untilFinal(
  servers: ServerProcess[],
  call: Omit<Call, 'timeoutMs'>,
  tally: Tally,
  options: { deadline: number; abandonFirst?: boolean },
): Promise<FinalAnswer | undefined> {
  for (let n = 0; Date.now() < options.deadline; n++) {
    const server = pick(servers.filter((s) => s.live)) ?? pick(servers);
    if (!server) return undefined;
    const timeoutMs =
      n === 0 && options.abandonFirst ? 2 + Math.floor(Math.random() * 60) : ATTEMPT_TIMEOUT_MS;
    tally.attempts++;
    const got: Attempt = await attempt(server, { ...call, timeoutMs });
    if ('answer' in got) {
      const { status, body } = got.answer;
      if (status === 409 && body.message === IDEMPOTENCY_MSG.reused) tally.keyReused++;
      if (status === 409 && body.message === IDEMPOTENCY_MSG.inProgress) tally.inProgress++;
      else if (status === 503 && body.message === SERVER_MSG.databaseUnavailable) tally.unavailable++;
      // A node past its capacity refuses before any work (README: Overload): the key is sent again.
      else if (status === 503 && body.message === SERVER_MSG.overloaded) tally.shed++;
      else if (status >= 500) tally.serverErrors++;
      else if (status !== 408 && status !== 429) return got.answer;
    } else tally.lost++;
    await sleep(100 + Math.random() * 300 * Math.min(n + 1, 5));
  }
  return undefined;
}

export function pick<T>(list: readonly T[]): T | undefined {
  return list[Math.floor(Math.random() * list.length)];
}

/** Runs `work` over `items` with at most `concurrency` at once. */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
