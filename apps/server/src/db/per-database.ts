import type { Db } from './client';

/**
 * Something built once per database handle and kept with it: a prepared statement (they belong to
 * one handle: the hot paths skip query building, and PostgreSQL skips parsing and planning), or a
 * batcher of one statement.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
