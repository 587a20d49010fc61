/** Local calendar day "YYYY-MM-DD" of a moment (the server's time zone, TZ). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The moment "HH:MM" local time on the day of `now`. */
export function todayAt(now: Date, at: string): Date {
  const [h, m] = at.split(':').map(Number);
  const d = new Date(now);
  d.setHours(h ?? 0, m ?? 0, 0, 0);
  return d;
}

/** When the daily backup runs next: today at "HH:MM" if that is still ahead, else tomorrow. */
export function nextRunAfter(now: Date, at: string): Date {
  const today = todayAt(now, at);
  if (today > now) return today;
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return todayAt(tomorrow, at);
}

/** Whether the daily backup of `now`'s day is due (its time has passed). */
export function isDue(now: Date, at: string): boolean {
  return now >= todayAt(now, at);
}
