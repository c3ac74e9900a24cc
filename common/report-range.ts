/**
 * The date range of a report (issue 20): UTC days, both ends included, as
 * `YYYY-MM-DD`. The server checks what it is asked; the studio's picker builds
 * its presets here too, so both mean the same days by "30 days".
 */
import type { ErrorCode } from './error-codes.ts';

export interface DayRange {
  from: string;
  to: string;
}

/** Two years: a year compared with the year before it. */
export const REPORT_MAX_DAYS = 731;
export const REPORT_PRESETS = [
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '90d', label: '90 days', days: 90 },
  { id: '12m', label: '12 months', days: 365 },
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number]['id'];

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
export const daysIn = ({ from, to }: DayRange): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** A real calendar day: 2026-02-30 is not one. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY_SHAPE.test(value) && dayOf(new Date(Date.parse(`${value}T00:00:00Z`) || 0)) === value;
}

/** The last `days` days up to today. */
export function presetRange(days: number, today: string): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The same number of days just before the range. */
export function previousRange(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The range to report, or why not: an end after today is brought back to today; a start after it is refused. */
export function checkRange(from: unknown, to: unknown, today: string): { range: DayRange } | { error: ErrorCode; field: 'from' | 'to' } {
  if (!isDay(from)) return { error: 'range-required', field: 'from' };
  if (!isDay(to)) return { error: 'range-required', field: 'to' };
  if (from > to) return { error: 'range-reversed', field: 'from' };
  if (from > today) return { error: 'range-in-future', field: 'from' };
  const range = { from, to: to > today ? today : to };
  if (daysIn(range) > REPORT_MAX_DAYS) return { error: 'range-too-long', field: 'from' };
  return { range };
}
