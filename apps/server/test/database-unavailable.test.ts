import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { freePort, freshDatabase, type TestDatabase, targets } from './harness';

type Rows<T> = { rows: T[] };

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

/** Which failures answer 503 (try again shortly) and which stay errors of the request itself. */
describe.each(targets)('a database failure on %s', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database.drop());

  it('is not "unavailable" when the statement itself is wrong: a syntax error, a duplicate key', async () => {
    expect(isDatabaseUnavailable(await failure(database.db.execute(sql`SELEC 1`)))).toBe(false);
    await database.db.execute(sql`CREATE TEMP TABLE once (id int PRIMARY KEY)`);
    const insert = () => database.db.execute(sql`INSERT INTO once VALUES (1)`);
    await insert();
    expect(isDatabaseUnavailable(await failure(insert()))).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a lost PostgreSQL connection', () => {
  it('is "unavailable": no server at the address, and a connection the server ended', async () => {
    const nowhere = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    expect(isDatabaseUnavailable(await failure(nowhere.db.execute(sql`SELECT 1`)))).toBe(true);
    await nowhere.close();

    const url = process.env.TEST_DATABASE_URL ?? '';
    const database = await openDatabase({ url, poolSize: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The pool's one connection ended inside a transaction, between two statements.
      const ended = await failure(
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as Rows<{
            pid: number;
          }>;
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`SELECT 1`);
        }),
      );
      expect(isDatabaseUnavailable(ended)).toBe(true);
      // The pool dropped that connection: the next query gets a new one.
      const next = (await database.db.execute(sql`SELECT 1 AS one`)) as unknown as Rows<{ one: number }>;
      expect(next.rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
