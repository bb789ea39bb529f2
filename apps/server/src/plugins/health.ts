import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { migrationsApplied } from '../db/migrate';

/** Whether the process is shutting down: set once by the shutdown, read by readiness. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * `/livez`: the process answers. `/readyz`: it should be sent traffic: the database answers, has every
 * migration of this build, and the process is not shutting down (a load balancer stops sending new
 * requests while in-flight ones finish). `/healthz` stays for existing checks: the database answers.
 */
export function registerHealth(app: FastifyInstance, db: Db, lifecycle: Lifecycle) {
  const hide = { schema: { hide: true } };
  // While draining, every answer ends its connection: a load balancer's kept-alive connection would
  // otherwise be closed idle by the shutdown just as it sends a request on it, a 502 it may not retry.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  app.get('/livez', hide, async () => ({ status: 'ok' }));

  app.get('/readyz', hide, async (_request, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    try {
      if (!(await migrationsApplied(db))) return reply.status(503).send({ status: 'migrations pending' });
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
    return { status: 'ready' };
  });

  app.get('/healthz', hide, async () => {
    await db.execute('SELECT 1');
    return { status: 'ok' };
  });
}
