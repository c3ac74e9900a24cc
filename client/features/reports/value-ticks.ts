/**
 * The value axis of a report chart, chosen here rather than by uPlot: ticks at
 * 1, 2 or 5 times a power of ten of `step` (the smallest difference two ticks
 * may have: 1 for counts, one unit of the currency for money), from 0 to the
 * first tick at or above the largest value, at most five steps. uPlot's own
 * choice split an empty MRR chart into half cents, which read "$0.01 $0.01 $0.00".
 */
const MAX_STEPS = 5;

export function valueTicks(max: number, step: number): number[] {
  const top = Math.max(max, step);
  let increment = step;
  for (let power = 1; Math.ceil(top / increment) > MAX_STEPS; power++) {
    increment = [1, 2, 5].map((factor) => factor * step * 10 ** Math.floor(power / 3)).at(power % 3)!;
  }
  const steps = Math.max(1, Math.ceil(top / increment));
  return Array.from({ length: steps + 1 }, (_, index) => index * increment);
}
