import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { createIdempotentAction, randomUuid } from './idempotency';

describe('idempotency keys', () => {
  it('are random v4 UUIDs', () => {
    const key = randomUuid();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(key);
  });

  it('reuses the key when the same action is retried after a lost answer, and only then', async () => {
    const keys: string[] = [];
    const answers = [
      () => Promise.reject(new NetworkError('offline')),
      () => Promise.resolve('ok'),
      () => Promise.reject(new ApiError(422, '金额超过钱包余额')),
      () => Promise.resolve('ok'),
      () => Promise.resolve('ok'),
    ];
    const send = vi.fn((_: { amount: number }, key: string) => {
      keys.push(key);
      return (answers.shift() as () => Promise<string>)();
    });
    const act = createIdempotentAction(send);

    await expect(act({ amount: 100 })).rejects.toBeInstanceOf(NetworkError);
    await act({ amount: 100 }); // the retry
    await expect(act({ amount: 100 })).rejects.toBeInstanceOf(ApiError); // a new action
    await act({ amount: 100 }); // after a refusal: new again
    await act({ amount: 200 });

    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(4);
  });

  it('starts a new key when the retried action differs', async () => {
    const keys: string[] = [];
    const act = createIdempotentAction((_: { amount: number }, key: string) => {
      keys.push(key);
      return Promise.reject(new NetworkError('offline'));
    });
    await act({ amount: 100 }).catch(() => undefined);
    await act({ amount: 150 }).catch(() => undefined);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
