import { ApiError } from '@/shared/api/api-error';

/**
 * A random UUID (v4). crypto.randomUUID exists only in secure contexts (https, localhost); a site
 * opened over plain http on a LAN address still has crypto.getRandomValues.
 */
export const randomUuid = (): string =>
  window.isSecureContext && crypto.randomUUID
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (
          Number(c) ^
          ((crypto.getRandomValues(new Uint8Array(1))[0] ?? 0) & (15 >> (Number(c) / 4)))
        ).toString(16),
      );

/**
 * Idempotency keys for one kind of money action (DESIGN 3): a new key for each new action, the same
 * key when the very same action is sent again after its answer was lost (a network failure), so the
 * server replays the first answer instead of moving the money twice. An answer (success or refusal)
 * ends the action.
 */
export function createIdempotentAction<I, R>(send: (input: I, key: string) => Promise<R>) {
  let pending: { input: string; key: string } | null = null;
  return async (input: I): Promise<R> => {
    const fingerprint = JSON.stringify(input ?? null);
    if (pending?.input !== fingerprint) pending = { input: fingerprint, key: randomUuid() };
    try {
      const result = await send(input, pending.key);
      pending = null;
      return result;
    } catch (error) {
      // A refusal is an answer too; a network failure keeps the key for the retry.
      if (error instanceof ApiError) pending = null;
      throw error;
    }
  };
}
