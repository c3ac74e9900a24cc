/**
 * BACKUP_SCHEDULE, in cron syntax (five fields, or six with seconds first), read by
 * cron-parser, which pg-boss already uses for its own schedules. Times are UTC, so every
 * server of an instance agrees on a tick whatever its time zone.
 */
import { CronExpressionParser } from 'cron-parser';

/** The latest tick of the schedule at or before `now`. */
export function lastTickAt(expression: string, now: Date): Date {
  // prev() is strictly before currentDate: a tick exactly at `now` counts as now's.
  const justAfter = new Date(now.getTime() + 1);
  return CronExpressionParser.parse(expression, { tz: 'UTC', currentDate: justAfter }).prev().toDate();
}
