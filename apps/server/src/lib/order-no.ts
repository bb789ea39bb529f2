import { toBeijingString } from '@app/contract/time';
import pg from 'pg';
import { DatabaseUnavailable } from '../db/unavailable';

/** Advisory lock class of the order-number slots: any constant no other lock of ours uses. */
const SLOT_LOCK_CLASS = 727_002;
/** Slots 1..999 are claimed on PostgreSQL; 0 is a process alone with its database (PGlite). */
const MAX_SLOT = 999;

const UNCLAIMED = -1;
let slot = 0;
let sequence = 0;

/**
 * A readable order number: prefix, Beijing time to the millisecond, this process's slot (three
 * digits) and its running counter (four digits). Unique by construction: no two live processes on
 * one database hold the same slot, and a process repeats its counter only after 10,000 orders, never
 * within one millisecond.
 */
export function orderNo(prefix: string, now: Date): string {
  if (slot === UNCLAIMED) {
    throw new DatabaseUnavailable('order-number slot lost with its database connection: reclaiming');
  }
  const stamp = toBeijingString(now).replace(/\D/g, '');
  const millis = String(now.getUTCMilliseconds()).padStart(3, '0');
  sequence = (sequence + 1) % 10_000;
  return `${prefix}${stamp}${millis}${String(slot).padStart(3, '0')}${String(sequence).padStart(4, '0')}`;
}

/**
 * Claims this process's slot on a PostgreSQL server: the first free session advisory lock among
 * 1..999, held by a connection of its own for as long as the process runs (a crashed process's lock
 * goes with its connection). Should that connection drop, the slot may pass to another process: order
 * numbers are refused until a new slot is held. Answers the release. Without a server (PGlite) the
 * process keeps slot 0.
 */
export async function claimOrderSlot(
  databaseUrl: string | undefined,
  onLost: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  if (!databaseUrl) return async () => {};
  let client: pg.Client | undefined;
  let released = false;
  const reclaim = () => {
    if (!released) setTimeout(() => void claim().catch(reclaim), 1_000);
  };
  const claim = async (): Promise<void> => {
    const connection = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'platform-order-slot',
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const lost = (error?: Error) => {
      if (released || client !== connection) return;
      slot = UNCLAIMED;
      client = undefined;
      onLost(error ?? new Error('connection closed'));
      reclaim();
    };
    // Listening before connecting: the server may end this connection at any moment (a restart).
    connection.on('error', lost);
    connection.on('end', () => lost());
    try {
      await connection.connect();
      for (let candidate = 1; candidate <= MAX_SLOT; candidate++) {
        const { rows } = await connection.query<{ claimed: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS claimed',
          [SLOT_LOCK_CLASS, candidate],
        );
        if (rows[0]?.claimed) {
          client = connection;
          slot = candidate;
          return;
        }
      }
    } catch (error) {
      await connection.end().catch(() => {});
      throw error;
    }
    await connection.end();
    throw new Error(
      `every order-number slot (1-${MAX_SLOT}) is held: too many server processes on one database`,
    );
  };
  await claim();
  return async () => {
    released = true;
    await client?.end();
  };
}

/** The slot this process writes into its order numbers. */
export const orderSlot = () => slot;
