/** The test PostgreSQL server's administration, from its `postgres` database (TEST_DATABASE_URL). */
import pg from 'pg';

/** `admin`'s server, database `name`. */
export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection of its own to `url` for `fn`, closed after it. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
