/** When a gift's months end: calendar months in UTC, as a member's billing months run. */

/** `months` calendar months after `from` (UTC), on the last day of a shorter month: 31 January + 1 month is 28 or 29 February. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
