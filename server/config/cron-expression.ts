/**
 * BACKUP_SCHEDULE's rule, read by cron-parser as the backups' scheduler reads it
 * (server/backups/cron-schedule.ts): the configuration checks the value at
 * start-up without loading the backups room.
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
