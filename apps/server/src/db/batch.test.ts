import { describe, expect, it } from 'vitest';
import { Batcher } from './batch';

/** A Batcher over plain numbers that records the batches it ran; `many` fails for any batch holding `poison`. */
function recorder(
  options: { maxBatch?: number; maxRunning?: number; keyed?: boolean; poison?: number } = {},
) {
  const batches: number[][] = [];
  const ones: number[] = [];
  let running = 0;
  let mostRunning = 0;
  const batcher = new Batcher<number, string>({
    many: async (items) => {
      batches.push(items);
      running++;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (options.poison !== undefined && items.includes(options.poison)) throw new Error('batch refused');
      return items.map((n) => `many:${n}`);
    },
    one: async (n) => {
      ones.push(n);
      if (n === options.poison) throw new Error(`item ${n} refused`);
      return `one:${n}`;
    },
    ...(options.keyed ? { keyOf: (n: number) => n % 10 } : {}),
    ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
    ...(options.maxRunning ? { maxRunning: options.maxRunning } : {}),
  });
  return { batcher, batches, ones, mostRunning: () => mostRunning };
}

describe('Batcher', () => {
  it('runs a call alone through `one`', async () => {
    const { batcher, batches, ones } = recorder();
    expect(await batcher.run(7)).toBe('one:7');
    expect(batches).toEqual([]);
    expect(ones).toEqual([7]);
  });

  it('gathers the calls of one turn into one statement and answers each its own result, in order', async () => {
    const { batcher, batches } = recorder();
    expect(await Promise.all([1, 2, 3].map((n) => batcher.run(n)))).toEqual(['many:1', 'many:2', 'many:3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls that arrive while a batch runs into the next one', async () => {
    const { batcher, batches } = recorder();
    const first = Promise.all([1, 2].map((n) => batcher.run(n)));
    await new Promise((resolve) => setTimeout(resolve, 1));
    const second = Promise.all([3, 4, 5].map((n) => batcher.run(n)));
    expect(await first).toEqual(['many:1', 'many:2']);
    expect(await second).toEqual(['many:3', 'many:4', 'many:5']);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('runs one batch at a time unless told, and at most maxRunning', async () => {
    const single = recorder({ maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => single.batcher.run(n)));
    expect(single.mostRunning()).toBe(1);
    const two = recorder({ maxBatch: 2, maxRunning: 2 });
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => two.batcher.run(n)));
    expect(two.mostRunning()).toBe(2);
  });

  it('puts at most maxBatch calls in one statement', async () => {
    const { batcher, batches } = recorder({ maxBatch: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.run(n)))).toEqual([
      'many:1',
      'many:2',
      'many:3',
      'many:4',
      'one:5',
    ]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('never puts two calls of one key in a batch, and keeps a key’s calls in arrival order', async () => {
    const { batcher, batches } = recorder({ keyed: true });
    // 1, 11 and 21 share key 1; 2 and 12 share key 2.
    const answers = await Promise.all([1, 11, 2, 21, 3, 12].map((n) => batcher.run(n)));
    expect(answers).toEqual(['many:1', 'many:11', 'many:2', 'one:21', 'many:3', 'many:12']);
    expect(batches).toEqual([
      [1, 2, 3],
      [11, 12],
    ]);
  });

  it('runs the calls of a failed batch one by one, each meeting its own outcome', async () => {
    const { batcher, batches, ones } = recorder({ poison: 2 });
    const answers = await Promise.allSettled([1, 2, 3].map((n) => batcher.run(n)));
    expect(batches).toEqual([[1, 2, 3]]);
    expect(ones.sort()).toEqual([1, 2, 3]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'one:1' },
      { status: 'rejected', reason: new Error('item 2 refused') },
      { status: 'fulfilled', value: 'one:3' },
    ]);
  });

  it('keeps going after a failure: later calls are batched again', async () => {
    const { batcher, batches } = recorder({ poison: 2 });
    await Promise.allSettled([1, 2].map((n) => batcher.run(n)));
    expect(await Promise.all([4, 5].map((n) => batcher.run(n)))).toEqual(['many:4', 'many:5']);
    expect(batches.at(-1)).toEqual([4, 5]);
  });
});
