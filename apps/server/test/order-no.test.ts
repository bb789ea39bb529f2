import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';
import { orderNo } from '../src/lib/order-no';

const fixture = path.resolve(import.meta.dirname, 'fixtures/order-numbers.ts');

/** Starts the fixture; answers its order numbers once printed, and a way to let it release its slot. */
function orderProcess(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env,
    cwd: import.meta.dirname,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const numbers = new Promise<string[]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`order process exited with ${code}`)));
    readline
      .createInterface({ input: child.stdout })
      .once('line', (line) => resolve(JSON.parse(line) as string[]));
  });
  const done = new Promise((resolve) => child.once('exit', resolve));
  const finish = () => {
    child.stdin.end();
    return done;
  };
  return { numbers, finish };
}

describe('order numbers', () => {
  it('are distinct within one millisecond of one process, in the readable format', () => {
    const at = new Date('2026-05-01T04:05:06.789Z');
    const numbers = Array.from({ length: 9_999 }, () => orderNo('WD', at));
    expect(new Set(numbers).size).toBe(numbers.length);
    // Prefix, Beijing time to the millisecond, slot, counter.
    expect(numbers[0]).toMatch(/^WD20260501120506789\d{3}\d{4}$/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never collide between two processes on one database in the same millisecond',
    async () => {
      const env = {
        ...process.env,
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        AT: String(Date.now()),
        COUNT: '2000',
      };
      const processes = [orderProcess(env), orderProcess(env)];
      // Both hold their slots until both have printed: two live servers at once.
      const [a, b] = await Promise.all(processes.map((p) => p.numbers));
      await Promise.all(processes.map((p) => p.finish()));
      expect(a).toHaveLength(2000);
      expect(b).toHaveLength(2000);
      expect(new Set([...(a ?? []), ...(b ?? [])]).size).toBe(4000);
      // Same millisecond, different slots.
      expect(a?.[0]?.slice(0, 19)).toBe(b?.[0]?.slice(0, 19));
      expect(a?.[0]?.slice(19, 22)).not.toBe(b?.[0]?.slice(19, 22));
    },
    60_000,
  );
});
