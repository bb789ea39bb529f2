import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, targets } from '../../test/harness';
import { startRedis } from '../../test/redis-server';
import {
  type Bus,
  type BusLog,
  type BusMessage,
  type BusTopic,
  LocalBus,
  PostgresBus,
  RedisBus,
} from './bus';

/** A log that keeps the bus's warnings, to tell a dropped message from one never sent. */
function recordingLog(): BusLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => {}, warn: (_obj, message) => warnings.push(message) };
}

/** Everything `bus` delivers on `topic`, in order. */
function inbox<T extends BusTopic>(bus: Bus, topic: T): BusMessage<T>[] {
  const received: BusMessage<T>[] = [];
  bus.subscribe(topic, (message) => received.push(message));
  return received;
}

async function until(check: () => boolean, withinMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LocalBus', () => {
  it('is live, and delivers a message at once to the subscribers of its topic only', async () => {
    const bus = new LocalBus();
    await bus.start();
    expect(bus.live).toBe(true);
    const revoked = inbox(bus, 'session.revoked');
    const alsoRevoked = inbox(bus, 'session.revoked');
    const frozen = inbox(bus, 'player.frozen');
    await bus.publish('session.revoked', { sessionId: 7 });
    expect(revoked).toEqual([{ sessionId: 7 }]);
    expect(alsoRevoked).toEqual([{ sessionId: 7 }]);
    expect(frozen).toEqual([]);
  });
});

/**
 * Two processes' buses on one transport: what A publishes reaches A once and B once; what arrives
 * in a shape its topic does not accept is dropped with a warning; `inject` sends raw text the way
 * another process would.
 */
function deliversBetweenProcesses(
  setup: () => { a: Bus; b: Bus; bLog: { warnings: string[] }; inject(payload: string): Promise<void> },
) {
  it('delivers a message to every process once, its own included', async () => {
    const { a, b } = setup();
    const inA = inbox(a, 'games.changed');
    const inB = inbox(b, 'games.changed');
    await a.publish('games.changed', { venue: 'pp' });
    await until(() => inB.length === 1);
    await pause(100);
    expect(inA).toEqual([{ venue: 'pp' }]);
    expect(inB).toEqual([{ venue: 'pp' }]);
  });

  it('drops text that is not a message, an unknown topic and a message of the wrong shape, and delivers what follows', async () => {
    const { b, bLog, inject } = setup();
    const inB = inbox(b, 'player.frozen');
    const origin = 'another-process';
    await inject('not json');
    await inject(JSON.stringify({ topic: 'no.such.topic', message: {}, origin }));
    await inject(JSON.stringify({ topic: 'toString', message: {}, origin }));
    await inject(JSON.stringify({ topic: 'player.frozen', message: { userId: 'everyone' }, origin }));
    await inject(JSON.stringify({ topic: 'player.frozen', message: { userId: 5 }, origin }));
    await until(() => inB.length === 1);
    expect(inB).toEqual([{ userId: 5 }]);
    expect(bLog.warnings).toEqual([
      'bus: unreadable message',
      'bus: message of an unknown topic or shape',
      'bus: message of an unknown topic or shape',
      'bus: message of an unknown topic or shape',
    ]);
  });
}

describe.each(targets.filter((target) => target === 'postgres'))('PostgresBus on %s', (target) => {
  let database: TestDatabase;
  let url: string;
  let a: PostgresBus;
  let b: PostgresBus;
  const bLog = recordingLog();

  beforeAll(async () => {
    database = await freshDatabase(target);
    url = database.url ?? '';
    a = new PostgresBus(url, database.db);
    b = new PostgresBus(url, database.db);
    await a.start(recordingLog());
    await b.start(bLog);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const inject = async (payload: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('SELECT pg_notify($1, $2)', ['platform_bus', payload]);
    await client.end();
  };
  deliversBetweenProcesses(() => ({ a, b, bLog, inject }));

  it('goes not live and resets when its connection is lost, then listens again and resets once more', async () => {
    expect(b.live).toBe(true);
    const states: boolean[] = [];
    b.onReset(() => states.push(b.live));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Ends every bus listener on this database: A's and B's.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'platform-bus' AND datname = current_database()`,
    );
    await admin.end();
    await until(() => states.length >= 2);
    expect(states.slice(0, 2)).toEqual([false, true]);
    await until(() => a.live);
    const inB = inbox(b, 'venues.changed');
    await a.publish('venues.changed', { code: 'ag' });
    await until(() => inB.length === 1);
  });

  it('stops listening when closed', async () => {
    const c = new PostgresBus(url, database.db);
    await c.start(recordingLog());
    const inC = inbox(c, 'session.revoked');
    await c.close();
    const inB = inbox(b, 'session.revoked');
    await a.publish('session.revoked', { sessionId: 1 });
    await until(() => inB.length === 1);
    await pause(100);
    expect(inC).toEqual([]);
  });
});

describe('RedisBus', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: RedisBus;
  let b: RedisBus;
  const bLog = recordingLog();

  beforeAll(async () => {
    redis = await startRedis();
    a = new RedisBus(redis.url);
    b = new RedisBus(redis.url);
    await a.start(recordingLog());
    await b.start(bLog);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  const inject = async (payload: string) => {
    const client = new Redis(redis.url);
    await client.publish('platform_bus', payload);
    client.disconnect();
  };
  deliversBetweenProcesses(() => ({ a, b, bLog, inject }));

  it('while Redis is away: not live, a publish still reaches its own process and does not throw', async () => {
    expect(a.live).toBe(true);
    await redis.stop();
    await until(() => !a.live && !b.live);
    const inA = inbox(a, 'user.sessions.revoked');
    await a.publish('user.sessions.revoked', { userId: 3 });
    expect(inA).toEqual([{ userId: 3 }]);
  });
});
