import { randomUUID } from 'node:crypto';
import { ROLES } from '@app/contract/admin/roles';
import { operatorEventSchema, playerEventSchema } from '@app/contract/events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/client';

/**
 * What one server process tells every other, by topic: the caches that gate money or access are
 * invalidated everywhere at once when they change (DESIGN.md section 13). A new topic is a new
 * entry here, with the schema its messages are checked against on arrival.
 */
export const busTopics = {
  /**
   * A session ended (logoff, or ended from the player's device list): every process forgets it.
   * `bySessionId`: the player's session that ended it (itself for a logoff).
   */
  'session.revoked': z.object({ sessionId: z.number().int(), bySessionId: z.number().int().optional() }),
  /**
   * Every session of a player ended (login password changed, a time-out or exclusion, or an
   * operator's act): every process forgets them. `bySessionId`: the player's session whose act it
   * was, absent for an operator's.
   */
  'user.sessions.revoked': z.object({ userId: z.number().int(), bySessionId: z.number().int().optional() }),
  /** An operator froze a player: every process forgets the player's sessions. */
  'player.frozen': z.object({ userId: z.number().int() }),
  /** An operator's console session ended (signed out): every process closes its stream. */
  'operator.session.revoked': z.object({ sessionId: z.number().int() }),
  /** Every console session of an operator ended but `keepSessionId` (disabled, locked, credentials reset or changed). */
  'operator.sessions.revoked': z.object({
    operatorId: z.number().int(),
    keepSessionId: z.number().int().nullable(),
  }),
  /** An operator's role changed: every process's open consoles of the operator get the new role's events. */
  'operator.role.changed': z.object({ operatorId: z.number().int(), role: z.enum(ROLES) }),
  /** A venue was enabled, disabled, put into or out of maintenance: every process reloads the venues. */
  'venues.changed': z.object({ code: z.string().max(16) }),
  /** An operator changed a game (shown, hot, new, order, category): every process drops its game list. */
  'games.changed': z.object({ venue: z.string().max(16) }),
  /** A player's time-out, self-exclusion or limit changed: every process forgets the player's protection rows. */
  'player.protection.changed': z.object({ userId: z.number().int() }),
  /** An event for a player's open streams (`userId` null: every player's), raised after its change committed. */
  'player.event': z.object({
    id: z.string().max(40),
    userId: z.number().int().nullable(),
    event: playerEventSchema,
  }),
  /** An event for the operators' open consoles, each shown only to roles allowed to see its area. */
  'operator.event': z.object({ id: z.string().max(40), event: operatorEventSchema }),
};
export type BusTopic = keyof typeof busTopics;
export type BusMessage<T extends BusTopic> = z.infer<(typeof busTopics)[T]>;

/** The logger the bus reports to (the server's pino logger fits). */
export interface BusLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

export interface Bus {
  /**
   * True while messages from other processes reach this one. While false, a cache that other
   * processes invalidate must not keep anything: what it would keep may already be revoked.
   */
  readonly live: boolean;
  /** Delivers to this process at once, then to every other one. */
  publish<T extends BusTopic>(topic: T, message: BusMessage<T>): Promise<void>;
  subscribe<T extends BusTopic>(topic: T, handler: (message: BusMessage<T>) => void): void;
  /** Called whenever messages may have been missed (a connection lost or regained): clear the caches. */
  onReset(handler: () => void): void;
  start(log: BusLog): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'platform_bus';
const silent: BusLog = { info: () => {}, warn: () => {} };

/** Local delivery, the envelope between processes and the resets; transports only carry text. */
abstract class BaseBus implements Bus {
  live = false;
  protected log: BusLog = silent;
  /** Tells this process's own messages from the others' when the transport echoes them. */
  private readonly origin = randomUUID();
  private readonly handlers = new Map<BusTopic, ((message: never) => void)[]>();
  private readonly resetHandlers: (() => void)[] = [];

  subscribe<T extends BusTopic>(topic: T, handler: (message: BusMessage<T>) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  onReset(handler: () => void): void {
    this.resetHandlers.push(handler);
  }

  async publish<T extends BusTopic>(topic: T, message: BusMessage<T>): Promise<void> {
    this.deliver(topic, message);
    try {
      await this.send(JSON.stringify({ topic, message, origin: this.origin }));
    } catch (error) {
      // The change itself is stored; a process that misses this message is one whose link is
      // down, and such a process keeps nothing cached (see live).
      this.log.warn({ err: error, topic }, 'bus: publish failed');
    }
  }

  abstract start(log: BusLog): Promise<void>;
  abstract close(): Promise<void>;
  protected abstract send(payload: string): Promise<void>;

  /** A message from the transport: checked against its topic's schema, then delivered. */
  protected receive(payload: string): void {
    let envelope: { topic?: unknown; message?: unknown; origin?: unknown };
    try {
      envelope = JSON.parse(payload);
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'bus: unreadable message');
      return;
    }
    if (envelope.origin === this.origin) return;
    const topic = envelope.topic as BusTopic;
    const parsed = Object.hasOwn(busTopics, topic) ? busTopics[topic].safeParse(envelope.message) : undefined;
    if (!parsed?.success) {
      this.log.warn({ topic: String(envelope.topic) }, 'bus: message of an unknown topic or shape');
      return;
    }
    this.deliver(topic, parsed.data);
  }

  protected setLive(live: boolean): void {
    this.live = live;
    for (const reset of this.resetHandlers) reset();
  }

  private deliver(topic: BusTopic, message: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(message as never);
  }
}

/** One process (the embedded database): delivery in-process only. */
export class LocalBus extends BaseBus {
  override live = true;
  async start(): Promise<void> {}
  async close(): Promise<void> {}
  protected async send(): Promise<void> {}
}

const RECONNECT_MS = { first: 100, max: 5_000 };
const HEARTBEAT_MS = 10_000;

/**
 * PostgreSQL LISTEN/NOTIFY: messages go out through the pool (pg_notify) and arrive on a
 * connection of the bus's own. A lost connection is retried with backoff; it is checked every 10 s
 * so that a silently dead one is noticed.
 */
export class PostgresBus extends BaseBus {
  private current: { client: pg.Client; lose: (error?: unknown) => void } | undefined;
  private closed = false;
  private retryMs = RECONNECT_MS.first;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly db: Db,
  ) {
    super();
  }

  async start(log: BusLog): Promise<void> {
    this.log = log;
    this.heartbeat = setInterval(() => {
      const current = this.current;
      current?.client.query('SELECT 1').catch(current.lose);
    }, HEARTBEAT_MS).unref();
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    const client = this.current?.client;
    this.current = undefined;
    await client?.end().catch(() => {});
  }

  protected async send(payload: string): Promise<void> {
    await this.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'platform-bus',
      keepAlive: true,
      query_timeout: 5_000,
      connectionTimeoutMillis: 5_000,
    });
    let gone = false;
    const lose = (error?: unknown) => {
      if (gone) return;
      gone = true;
      if (this.current?.client === client) this.current = undefined;
      client.end().catch(() => {});
      this.disconnected(error);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.receive(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (gone) return;
    if (this.closed) {
      gone = true;
      await client.end().catch(() => {});
      return;
    }
    this.current = { client, lose };
    this.retryMs = RECONNECT_MS.first;
    // Whatever was published while this process was not listening is lost: start clean.
    this.setLive(true);
    this.log.info({}, 'bus: listening on PostgreSQL');
  }

  private disconnected(error: unknown): void {
    if (this.live) {
      this.setLive(false);
      this.log.warn({ err: error }, 'bus: PostgreSQL connection lost, reconnecting');
    }
    if (this.closed) return;
    setTimeout(() => void this.connect(), this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MS.max);
  }
}

/** Redis pub/sub (REDIS_URL): one connection subscribes, one publishes; ioredis reconnects both. */
export class RedisBus extends BaseBus {
  private subscriber: import('ioredis').Redis | undefined;
  private publisher: import('ioredis').Redis | undefined;

  constructor(private readonly url: string) {
    super();
  }

  async start(log: BusLog): Promise<void> {
    this.log = log;
    const { Redis } = await import('ioredis');
    const options = { connectTimeout: 2_000, maxRetriesPerRequest: 1 };
    // A publish while Redis is away fails at once instead of holding the request that made it.
    const publisher = new Redis(this.url, { ...options, enableOfflineQueue: false });
    this.publisher = publisher;
    publisher.on('error', () => {});
    const published = new Promise<void>((resolve) => publisher.once('ready', () => resolve()));
    const subscriber = new Redis(this.url, { ...options, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel === CHANNEL) this.receive(payload);
    });
    subscriber.on('error', (error: Error) => this.log.warn({ err: error }, 'bus: Redis error'));
    subscriber.on('close', () => {
      if (this.live) {
        this.setLive(false);
        this.log.warn({}, 'bus: Redis connection lost, reconnecting');
      }
    });
    const subscribed = new Promise<void>((resolve) => {
      subscriber.on('ready', () => {
        subscriber.subscribe(CHANNEL).then(
          () => {
            // Whatever was published while this process was not listening is lost: start clean.
            this.setLive(true);
            resolve();
          },
          (error: Error) => this.log.warn({ err: error }, 'bus: Redis subscribe failed'),
        );
      });
    });
    // The first connection is waited for briefly; past that the bus goes live when Redis answers.
    await Promise.race([
      Promise.all([subscribed, published]),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]);
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }

  protected async send(payload: string): Promise<void> {
    await this.publisher?.publish(CHANNEL, payload);
  }
}

/** Redis where REDIS_URL is set, else PostgreSQL where there is a server, else one process. */
export function createBus(parts: {
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  db: Db;
}): Bus {
  if (parts.redisUrl) return new RedisBus(parts.redisUrl);
  if (parts.databaseUrl) return new PostgresBus(parts.databaseUrl, parts.db);
  return new LocalBus();
}
