import { describe, expect, it } from 'vitest';
import { beijingDay, isCalendarDay, startOfBeijingDay, toBeijingString } from './time';

describe('Beijing time', () => {
  it('formats an instant in UTC+8', () => {
    expect(toBeijingString(new Date('2026-11-21T16:30:05Z'))).toBe('2026-11-22 00:30:05');
  });

  it('puts 23:59 UTC of one day on the next Beijing day', () => {
    expect(beijingDay(new Date('2026-11-21T23:59:00Z'))).toBe('2026-11-22');
    expect(beijingDay(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
  });

  it('finds the start of the Beijing day as 16:00 UTC of the day before', () => {
    expect(startOfBeijingDay(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(startOfBeijingDay(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
  });

  it('knows a calendar day from text that only looks like one', () => {
    for (const day of ['2026-11-21', '2028-02-29', '2999-12-31']) expect(isCalendarDay(day)).toBe(true);
    for (const text of ['2026-13-45', '2027-02-29', '2026-00-10', '0000-01-01', '1999-12-31', '2026-1-1', ''])
      expect(isCalendarDay(text)).toBe(false);
  });
});
