import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotentReplies } from '../db/schema/wallet';
import type { Clock } from './clock';
import { AppError, badInput, conflict } from './errors';

/** Where claims and answers are kept, and the time they are judged by. */
interface Store {
  db: Db;
  clock: Clock;
}

const POLL_MS = 50;
/** How long a retry waits for the first request's answer before it is told to look later. */
const WAIT_MS = 30_000;
/** A claim's lease: its holder renews it while it works, so only a dead holder's claim runs out. */
export const LEASE_MS = 15_000;
const RENEW_MS = 5_000;
/** A claim's status while its request runs; then the answer's HTTP status. */
const IN_FLIGHT = 0;
/** Keys are answered for at least this long, then purged (a job). */
export const KEEP_MS = 24 * 60 * 60_000;

/** This process instance, as claims name their holder. */
export const INSTANCE = `${hostname().slice(0, 24)}:${process.pid}:${randomUUID().slice(0, 8)}`;

export const IDEMPOTENCY_MSG = {
  keyLength: 'Idempotency-Key 长度应为8到128个字符',
  reused: '该 Idempotency-Key 已用于另一笔参数不同的请求，本次请求未执行',
  inProgress: '相同的请求正在处理中，请稍后查看结果',
} as const;

interface Answer {
  status: number;
  body: { code: number; message: string; data?: unknown };
}

/** Request fields never kept, not even hashed: a fingerprint must not become a password oracle. */
const SECRET = /pass/i;

/** JSON with object keys sorted, secrets left out: the same parameters always read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => v !== undefined && !SECRET.test(k))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const fingerprintOf = (route: string, body: unknown) =>
  createHash('sha256')
    .update(`${route}\n${canonical(body ?? {})}`)
    .digest('hex');

type Claim = typeof idempotentReplies.$inferSelect;

/**
 * Runs a money call once per `Idempotency-Key` and player, as Stripe does: the first request claims
 * the key (with a fingerprint of its route and parameters) and stores its answer, refusals
 * included; any request with the same key, concurrent or later, waits for that answer and replays
 * it, and a key reused for other parameters is refused and runs nothing. Without the header the
 * call simply runs.
 *
 * A claim survives a crash of its holder: it names the process instance holding it and a lease the
 * holder renews while it works; once the lease has run out a retry takes the claim over and runs
 * the call again with the same request key, which the call's business record carries under a
 * unique index: the call finds what the first attempt did and reports it, or does it once. An
 * unexpected error leaves the claim open for the next retry the same way.
 *
 * `run` receives the request key (the Idempotency-Key and the claim's creation time: a key used
 * again after it was purged is a new request), or undefined without the header.
 */
export async function idempotent(
  ctx: Store,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  run: (requestKey: string | undefined) => Promise<Answer['body']>,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return reply.send(await run(undefined));
  if (key.length < 8 || key.length > 128) throw badInput(IDEMPOTENCY_MSG.keyLength);
  const route = request.routeOptions.url ?? request.url;
  const fingerprint = fingerprintOf(route, request.body);

  const claim = await claimOrWait(ctx, userId, key, route, fingerprint);
  if ('replay' in claim) return reply.status(claim.replay.status).send(claim.replay.body);
  try {
    return await runClaimed(ctx, reply, userId, key, claim, run);
  } finally {
    runningHere.delete(runningId(userId, key));
  }
}

async function runClaimed(
  ctx: Store,
  reply: FastifyReply,
  userId: number,
  key: string,
  claim: Claim,
  run: (requestKey: string | undefined) => Promise<Answer['body']>,
): Promise<FastifyReply> {
  const renewal = setInterval(() => {
    void renew(ctx, userId, key).catch(() => {});
  }, RENEW_MS);
  let answer: Answer;
  try {
    answer = { status: 200, body: await run(`${key}#${claim.createdAt.getTime()}`) };
  } catch (error) {
    if (!(error instanceof AppError)) {
      // Left open for the next retry: it takes the claim over and finds what this attempt did.
      await ctx.db
        .update(idempotentReplies)
        .set({ leaseUntil: ctx.clock.now() })
        .where(and(held(userId, key), eq(idempotentReplies.status, IN_FLIGHT)));
      throw error;
    }
    answer = { status: error.code, body: { code: error.code, message: error.message } };
  } finally {
    clearInterval(renewal);
  }
  // The first answer stays: a holder whose claim was taken over (it stalled past its lease) does
  // not overwrite the answer of the one that took it over.
  await ctx.db
    .update(idempotentReplies)
    .set({ status: answer.status, body: JSON.stringify(answer.body) })
    .where(and(keyOf(userId, key), eq(idempotentReplies.status, IN_FLIGHT)));
  return reply.status(answer.status).send(answer.body);
}

/**
 * The keys whose call this process is running now. A claim this process holds that is not among
 * them was left by a run that failed while the database was away (its release could not be
 * written): a retry here takes it over at once instead of waiting out the lease.
 */
const runningHere = new Set<string>();
const runningId = (userId: number, key: string) => `${userId}\n${key}`;

const keyOf = (userId: number, key: string) =>
  and(eq(idempotentReplies.userId, userId), eq(idempotentReplies.key, key));
const held = (userId: number, key: string) => and(keyOf(userId, key), eq(idempotentReplies.holder, INSTANCE));

async function renew(ctx: Store, userId: number, key: string) {
  await ctx.db
    .update(idempotentReplies)
    .set({ leaseUntil: new Date(ctx.clock.now().getTime() + LEASE_MS) })
    .where(and(held(userId, key), eq(idempotentReplies.status, IN_FLIGHT)));
}

/**
 * Claims the key, or waits for the claim's answer, or takes over a claim whose holder's lease ran
 * out. Answers the claim this request now holds, or the answer to replay.
 */
async function claimOrWait(
  ctx: Store,
  userId: number,
  key: string,
  route: string,
  fingerprint: string,
): Promise<Claim | { replay: Answer }> {
  const deadline = Date.now() + WAIT_MS;
  const id = runningId(userId, key);
  for (;;) {
    // Marked before asking: a concurrent request with the key in this process waits for this one.
    const mine = !runningHere.has(id);
    if (mine) runningHere.add(id);
    let outcome: Claim | { replay: Answer } | undefined;
    try {
      outcome = await tryClaim(ctx, userId, key, route, fingerprint, mine);
    } catch (error) {
      if (mine) runningHere.delete(id);
      throw error;
    }
    if (outcome && !('replay' in outcome)) return outcome;
    if (mine) runningHere.delete(id);
    if (outcome) return outcome;
    if (Date.now() >= deadline) throw conflict(IDEMPOTENCY_MSG.inProgress);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * One attempt: inserts the claim, or finds the answer to replay, or takes the claim over (another
 * process's once its lease has run out; one of this process's own that it is not running, at
 * once). Undefined: the claim's holder is still at work. `mine`: no other request in this process
 * is claiming or running the key.
 */
async function tryClaim(
  ctx: Store,
  userId: number,
  key: string,
  route: string,
  fingerprint: string,
  mine: boolean,
): Promise<Claim | { replay: Answer } | undefined> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  if (mine) {
    const [claimed] = await ctx.db
      .insert(idempotentReplies)
      .values({
        userId,
        key,
        route,
        fingerprint,
        status: IN_FLIGHT,
        body: '',
        holder: INSTANCE,
        leaseUntil: lease,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (claimed) return claimed;
  }
  const [row] = await ctx.db.select().from(idempotentReplies).where(keyOf(userId, key));
  if (!row) return undefined;
  // Claims made before fingerprints were kept compare by route only.
  if (row.route !== route || (row.fingerprint !== '' && row.fingerprint !== fingerprint))
    throw conflict(IDEMPOTENCY_MSG.reused);
  if (row.status !== IN_FLIGHT)
    return { replay: { status: row.status, body: JSON.parse(row.body) as Answer['body'] } };
  if (!mine || (row.leaseUntil >= now && row.holder !== INSTANCE)) return undefined;
  const [taken] = await ctx.db
    .update(idempotentReplies)
    .set({ holder: INSTANCE, leaseUntil: lease })
    .where(
      and(
        keyOf(userId, key),
        eq(idempotentReplies.status, IN_FLIGHT),
        or(lt(idempotentReplies.leaseUntil, now), eq(idempotentReplies.holder, INSTANCE)),
      ),
    )
    .returning();
  return taken;
}

/**
 * Forgets keys older than KEEP_MS whose answer is stored or whose holder is gone (a job): a key
 * reused after that is a new request.
 */
export async function purgeIdempotencyKeys(ctx: Store): Promise<{ purged: number }> {
  const now = ctx.clock.now();
  const purged = await ctx.db
    .delete(idempotentReplies)
    .where(
      and(
        lt(idempotentReplies.createdAt, new Date(now.getTime() - KEEP_MS)),
        or(ne(idempotentReplies.status, IN_FLIGHT), lt(idempotentReplies.leaseUntil, now)),
      ),
    )
    .returning({ key: idempotentReplies.key });
  return { purged: purged.length };
}
