/** Resolves when `done` does, or after `ms` if that comes first; a rejection counts as done. */
export function waitAtMost(done: Promise<unknown>, ms: number): Promise<void> {
  return Promise.race([
    done.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
}
