import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's `db` option on the embedded database: the same queues run in-process on PGlite.
 * A statement with parameters runs as one query. pg-boss's parameterless SQL may be several
 * statements (its schema, its migrations, its maintenance wrapped in BEGIN ... COMMIT under an
 * advisory lock): it runs through `exec`, inside a PGlite transaction so that nothing else on the
 * one connection runs between its statements, and a failure rolls back what it left open before
 * the next caller (the ledger, say) gets the connection. The rows of every statement are flattened
 * into one list, as pg returns them for a single one.
 */
export function pgliteJobDb(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const { rows } = await pglite.query(text, values);
        return { rows };
      }
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: results.flatMap((result) => result.rows) };
    },
  };
}
