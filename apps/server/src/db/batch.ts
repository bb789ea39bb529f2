/**
 * Micro-batching of one hot statement: calls that arrive while earlier ones are running are
 * gathered and run as one multi-row statement, so that concurrent requests share a round trip, a
 * statement and a commit instead of paying one each. Every item keeps its own outcome: the batch
 * answers one result per item, in order. A batch is one statement, so it applies whole or not at
 * all; when it fails, its items are run again one by one (each then meets its own error, if any).
 *
 * Items with the same `keyOf` never share a batch (a multi-row UPDATE applies a row once, however
 * many input rows name it): a later one waits for the next batch, after the earlier ones.
 */
export interface BatchOptions<I> {
  /** The multi-row statement: one result per item, in the items' order. */
  many(items: I[]): Promise<unknown[]>;
  /** The same work for one item: for a batch of one, and for the items of a failed batch. */
  one(item: I): Promise<unknown>;
  /** Items with the same key never share a batch. */
  keyOf?: (item: I) => string | number;
  maxBatch?: number;
  /**
   * Batches of this statement running at once; one unless told. One batch at a time gathers the
   * most calls into each statement: measured on the wallet transfer bench (2 cores), one instead of
   * two cut the CPU per transfer by about a third (Node ~105 -> ~80 us, PostgreSQL ~190 -> ~130 us)
   * and raised transfers/s.
   */
  maxRunning?: number;
}

interface Waiting<I> {
  item: I;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, O> {
  private queue: Waiting<I>[] = [];
  private running = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxRunning: number;

  constructor(private readonly options: BatchOptions<I>) {
    this.maxBatch = options.maxBatch ?? 64;
    this.maxRunning = options.maxRunning ?? 1;
  }

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve: resolve as (value: unknown) => void, reject });
      // Calls made in the same turn of the event loop go together.
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.running < this.maxRunning && this.queue.length > 0) {
      const batch = this.take();
      this.running++;
      this.execute(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** The first items of the queue, at most one per key, in arrival order. */
  private take(): Waiting<I>[] {
    const { keyOf } = this.options;
    if (!keyOf) return this.queue.splice(0, this.maxBatch);
    const batch: Waiting<I>[] = [];
    const rest: Waiting<I>[] = [];
    const keys = new Set<string | number>();
    for (const waiting of this.queue) {
      const key = keyOf(waiting.item);
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else {
        // Once a key is held back, its later items must stay behind it.
        keys.add(key);
        rest.push(waiting);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async execute(batch: Waiting<I>[]): Promise<void> {
    if (batch.length > 1) {
      let results: unknown[] | undefined;
      try {
        results = await this.options.many(batch.map((w) => w.item));
      } catch {
        // Nothing of the batch was applied: each item on its own, with its own outcome.
      }
      if (results) {
        batch.forEach((w, i) => {
          w.resolve(results[i]);
        });
        return;
      }
    }
    await Promise.all(
      batch.map((w) =>
        this.options.one(w.item).then(
          (value) => w.resolve(value),
          (error) => w.reject(error),
        ),
      ),
    );
  }
}
