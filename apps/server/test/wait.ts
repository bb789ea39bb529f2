const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 20 ms until it answers true (answering how long that took) or `withinMs` passed. */
export async function waitFor(
  what: string,
  withinMs: number,
  check: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(20);
  }
}
