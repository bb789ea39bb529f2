import { describe, expect, it } from 'vitest';
import { beijingDay, startOfBeijingDay, toBeijingString } from './time';

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
});
