/**
 * Whether a failure means the database cannot be reached right now (a restart, a failover, a
 * connection ended by the server, no connection to be had): the request may succeed if tried again
 * in a few seconds, so it is answered 503 with Retry-After, never 500, and never kept as an
 * Idempotency-Key's final answer.
 */

/** Thrown by code that needs a connection of its own which is being re-established. */
export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable';
}

/**
 * SQLSTATEs and socket errors of a lost or refused connection: class 08 (connection exception),
 * admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down),
 * too_many_connections.
 */
const CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** pg's own errors for a connection that ended, could not be had in time, or is already broken. */
const MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout|Client was closed/;

/** Looks through the causes (drizzle wraps the driver's error in its own). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    if (current instanceof DatabaseUnavailable) return true;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CODES.has(code) || (code.length === 5 && code.startsWith('08')))) {
      return true;
    }
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
