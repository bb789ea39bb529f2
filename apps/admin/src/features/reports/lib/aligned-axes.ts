/** One value axis's range and tick step, as echarts takes them. */
export interface AxisRange {
  min: number;
  max: number;
  interval: number;
}

const SPLITS = 5;

/** The round step (1, 2 or 5 times a power of ten) at least `span / SPLITS` and `least` (1 for an empty span). */
function roundStep(span: number, least: number): number {
  const raw = Math.max(span / SPLITS, least) || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw - 1e-9) ?? 10;
  return Math.max(step * power, least);
}

const stepsOf = (values: readonly number[], least: number) => {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = roundStep(high - low, least);
  return { step, below: Math.ceil(-low / step - 1e-9), above: Math.ceil(high / step - 1e-9) };
};

/**
 * Two value axes whose zeros sit at the same height: both get as many steps below zero and above
 * zero as the larger of them needs, each with its own round step. The right axis counts people
 * (whole steps).
 */
export function alignedAxes(left: readonly number[], right: readonly number[]): [AxisRange, AxisRange] {
  const l = stepsOf(left, 0);
  const r = stepsOf(right, 1);
  const below = Math.max(l.below, r.below);
  const above = Math.max(l.above, r.above, 1);
  const range = (step: number): AxisRange => ({ min: -below * step, max: above * step, interval: step });
  return [range(l.step), range(r.step)];
}
