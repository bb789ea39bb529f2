import { users } from '../src/db/schema/users';
import { freshDatabase, type TestDatabase } from './harness';

/** A fresh database with `count` players (no accounts opened yet): what the ledger's unit tests start from. */
export async function ledgerDatabase(
  target: 'pglite' | 'postgres',
  count: number,
): Promise<{ database: TestDatabase; players: number[] }> {
  const database = await freshDatabase(target);
  const made = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `ledger${i}`,
        realname: '测试',
        passwordHash: 'x',
        payPasswordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  return { database, players: made.map((u) => u.id) };
}
