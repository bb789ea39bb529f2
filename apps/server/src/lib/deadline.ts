/** Races `work` against a deadline of `ms`; past it, rejects with what `late` makes (the work goes on unawaited). */
export async function raceDeadline<T>(
  work: PromiseLike<T>,
  ms: number,
  late: () => Error = () => new Error(`no answer within ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
