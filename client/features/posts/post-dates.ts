/** Dates of posts as the creator reads and enters them: in their own time zone, which the studio names. */

export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
}

/** The value of a datetime-local input for a moment, in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read in the browser's time zone; null when empty or not a date. */
export function fromLocalInputValue(value: string): Date | null {
  if (!value) return null;
  // A date-time without an offset is local time (ECMAScript's Date Time String Format).
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
