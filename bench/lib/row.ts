/** One line of the results table: what was measured, against what, and whether the target holds. */
export interface BenchRow {
  row: number;
  name: string;
  figure: number;
  unit: string;
  target: string;
  holds: boolean;
  detail: Record<string, unknown>;
}
