import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Tables whose rows are facts: the API's role may read and add rows, never change or remove one. */
export const APPEND_ONLY_TABLES = ['ledger_transfers', 'audit_log', 'commission_plan_versions'] as const;

/** The role a connection acts as. */
export async function currentRole(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT current_user AS role`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { role: string }[] }).rows) as {
    role: string;
  }[];
  const role = rows[0]?.role;
  if (!role) throw new Error('no current database role');
  return role;
}

/**
 * What the API's role may do, granted by the owner role after each migration (so that new tables
 * are covered): rows of every table and the sequences behind them, pg-boss's tables, reading which
 * migrations are applied; on the append-only tables only SELECT and INSERT. Owning nothing, it can
 * neither disable their triggers nor alter or drop a table.
 */
export async function grantApiRole(owner: Db, apiRole: string): Promise<void> {
  const role = sql.identifier(apiRole);
  const appendOnly = sql.join(
    APPEND_ONLY_TABLES.map((t) => sql.identifier(t)),
    sql`, `,
  );
  await owner.execute(sql`GRANT USAGE ON SCHEMA public, pgboss, drizzle TO ${role}`);
  await owner.execute(
    sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public, pgboss TO ${role}`,
  );
  await owner.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public, pgboss TO ${role}`);
  await owner.execute(sql`GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${role}`);
  await owner.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE ON ${appendOnly} FROM ${role}`);
}
