/** A message's time as the inbox shows it: the time today, else the date. */
export function whenOf(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}
