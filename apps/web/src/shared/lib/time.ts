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

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The instant of a server time `YYYY-MM-DD HH:mm:ss` read as Beijing time (UTC+8); null if malformed. */
export function parseBeijingTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) - BEIJING_OFFSET_MS;
}

/**
 * Keeps a date with its time ("2026-05-01 12:00:00") and $ with its amount ("$ 500.00") on one line:
 * the space between them becomes a no-break space. A line may still break before or after them.
 */
export function keepTogether(text: string): string {
  return text.replace(
    /(\d{4}-\d{2}-\d{2}) (?=\d{2}:\d{2})|(\$) (?=[\d-])/g,
    (_, date, dollar) => `${date ?? dollar}\u00a0`,
  );
}
