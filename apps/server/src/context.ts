import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import { SessionCache } from './modules/auth/session-cache';

/** What a use case needs from the outside: built once at start-up and passed down. */
export interface AppContext {
  db: Db;
  config: Config;
  clock: Clock;
  sessions: SessionCache;
}

export function createContext(parts: { db: Db; config: Config; clock: Clock }): AppContext {
  return { ...parts, sessions: new SessionCache() };
}
