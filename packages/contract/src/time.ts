const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Formats an instant as Beijing time (UTC+8, no daylight saving), `YYYY-MM-DD HH:mm:ss`. */
export function toBeijingString(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The Beijing calendar day of an instant, `YYYY-MM-DD`. */
export function beijingDay(date: Date): string {
  return toBeijingString(date).slice(0, 10);
}

/** The instant at which the Beijing day of `date` began. */
export function startOfBeijingDay(date: Date): Date {
  const shifted = date.getTime() + BEIJING_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - BEIJING_OFFSET_MS);
}

/** Where a records date filter (1 today, 2 last 7 days, 3 last 15, 4 last 30) starts: Beijing days, today included. */
export function dateFilterStart(days: number, now: Date): Date {
  return new Date(startOfBeijingDay(now).getTime() - (days - 1) * 86_400_000);
}

/** Whether `text` is a real calendar day `YYYY-MM-DD` between the years 2000 and 2999. */
export function isCalendarDay(text: string): boolean {
  if (!/^2\d{3}-\d\d-\d\d$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** The instant a Beijing calendar day (`YYYY-MM-DD`) begins. */
export function beijingDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}
