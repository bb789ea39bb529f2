import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { idempotentReplies } from '../db/schema/wallet';
import { AppError, badInput, conflict } from './errors';

const POLL_MS = 50;
const WAIT_MS = 30_000;

interface Answer {
  status: number;
  body: { code: number; message: string; data?: unknown };
}

/**
 * Runs a money call once per `Idempotency-Key` and player: the first request claims the key and
 * stores its answer (refusals included); any request with the same key, concurrent or later,
 * waits for that answer and replays it. Without the header the call simply runs. An unexpected
 * error releases the key so that the client may retry.
 */
export async function idempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  run: () => Promise<Answer['body']>,
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return reply.send(await run());
  if (key.length < 8 || key.length > 128) throw badInput('Idempotency-Key 长度应为8到128个字符');
  const route = request.routeOptions.url ?? request.url;

  const [claimed] = await ctx.db
    .insert(idempotentReplies)
    .values({ userId, key, route, status: 0, body: '' })
    .onConflictDoNothing()
    .returning({ key: idempotentReplies.key });
  if (!claimed) return replay(ctx, reply, userId, key, route);

  let answer: Answer;
  try {
    answer = { status: 200, body: await run() };
  } catch (error) {
    if (!(error instanceof AppError)) {
      await ctx.db.delete(idempotentReplies).where(keyOf(userId, key));
      throw error;
    }
    answer = { status: error.code, body: { code: error.code, message: error.message } };
  }
  await ctx.db
    .update(idempotentReplies)
    .set({ status: answer.status, body: JSON.stringify(answer.body) })
    .where(keyOf(userId, key));
  return reply.status(answer.status).send(answer.body);
}

const keyOf = (userId: number, key: string) =>
  and(eq(idempotentReplies.userId, userId), eq(idempotentReplies.key, key));

async function replay(ctx: AppContext, reply: FastifyReply, userId: number, key: string, route: string) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await ctx.db.select().from(idempotentReplies).where(keyOf(userId, key));
    if (!row) break; // released after an unexpected error: the caller may retry
    if (row.route !== route) throw conflict('该 Idempotency-Key 已用于其他请求');
    if (row.status !== 0) return reply.status(row.status).send(JSON.parse(row.body) as Answer['body']);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw conflict('相同的请求正在处理中，请稍后查看结果');
}
