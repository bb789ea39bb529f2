import type { Db } from './client';

/**
 * A prepared statement built once per database handle (prepared statements belong to one handle):
 * the hot paths skip query building, and PostgreSQL skips parsing and planning.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
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
