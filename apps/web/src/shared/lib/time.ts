import { toBeijingString } from '@app/contract/time';

/** Times are shown in Beijing time as `YYYY-MM-DD HH:mm:ss` (DESIGN 3); server strings pass through. */
export function formatBeijingTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : toBeijingString(date);
}

/** `mm:ss` of a remaining duration (the deposit countdown of spec 2), never negative. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
