/**
 * BACKUP_SCHEDULE, in cron syntax (five fields, or six with seconds first), read by
 * cron-parser, which pg-boss already uses for its own schedules. Times are UTC, so every
 * server of an instance agrees on a tick whatever its time zone.
 */
import { CronExpressionParser } from 'cron-parser';

/** Whether `expression` is one cron-parser reads; BACKUP_SCHEDULE's rule (server/config/environment.ts) refuses start-up otherwise. */
export function isCronExpression(expression: string): boolean {
  // cron-parser reads a lone word as nothing and an empty field list as every second: neither is a schedule an operator means.
  if (expression.trim().split(/\s+/).length < 5 && !expression.trim().startsWith('@')) return false;
  try {
    CronExpressionParser.parse(expression, { tz: 'UTC', strict: false });
    return true;
  } catch {
    return false;
  }
}

/** The latest tick of the schedule at or before `now`. */
export function lastTickAt(expression: string, now: Date): Date {
  // prev() is strictly before currentDate: a tick exactly at `now` counts as now's.
  const justAfter = new Date(now.getTime() + 1);
  return CronExpressionParser.parse(expression, { tz: 'UTC', currentDate: justAfter }).prev().toDate();
}
