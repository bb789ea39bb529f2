/**
 * Faults the demo venue can be told to show, to prove the platform's two-phase transfers:
 * refuse outright, apply and then not answer, not answer without applying, or not answer and apply
 * late (as a request held up in a network would arrive after the platform gave up waiting).
 */
export const DEMO_FAULTS = ['fail', 'timeout_after_apply', 'timeout_before_apply', 'apply_late'] as const;
export type DemoFault = 'none' | (typeof DEMO_FAULTS)[number];

/** The share (0..1) of transfer calls that show each fault. */
export type DemoFaultRates = Partial<Record<Exclude<DemoFault, 'none'>, number>>;

/**
 * `DEMO_VENUE_FAULTS`: comma-separated `fault=percent` pairs, e.g.
 * `fail=6.7,timeout_after_apply=6.7,timeout_before_apply=6.6,apply_late=1`. Throws on anything else.
 */
export function parseDemoFaultRates(text: string): DemoFaultRates {
  const rates: DemoFaultRates = {};
  for (const pair of text.split(',').map((p) => p.trim())) {
    if (pair === '') continue;
    const [name, percent, extra] = pair.split('=');
    const fault = DEMO_FAULTS.find((f) => f === name?.trim());
    const share = Number(percent) / 100;
    if (!fault || extra !== undefined || percent?.trim() === '' || !(share >= 0 && share <= 1)) {
      throw new Error(
        `"${pair}" is not fault=percent with a fault among ${DEMO_FAULTS.join(', ')} and a percent 0-100`,
      );
    }
    rates[fault] = share;
  }
  const total = Object.values(rates).reduce((sum, r) => sum + r, 0);
  if (total > 1) throw new Error('the fault percentages add up to more than 100');
  return rates;
}

/** Draws each call's fault at the given rates (`random` in [0, 1)). */
export function faultAtRates(rates: DemoFaultRates, random: () => number = Math.random): () => DemoFault {
  const bands = DEMO_FAULTS.map((fault) => [fault, rates[fault] ?? 0] as const);
  return () => {
    let draw = random();
    for (const [fault, rate] of bands) {
      if (draw < rate) return fault;
      draw -= rate;
    }
    return 'none';
  };
}
