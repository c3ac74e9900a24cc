/** The UTC days the digest sums up: the digest job takes yesterday's, its mail reads that day's news. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day before `asOf`, as YYYY-MM-DD. */
export function dayBefore(asOf: Date): string {
  return new Date(asOf.getTime() - DAY_MS).toISOString().slice(0, 10);
}

export const dayBounds = (day: string) => {
  const start = new Date(`${day}T00:00:00.000Z`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
};
