import { randomInt } from 'node:crypto';
import { toBeijingString } from '@app/contract/time';

/** A readable, unique-enough order number: prefix, Beijing time to the second, six random digits. */
export function orderNo(prefix: string, now: Date): string {
  const stamp = toBeijingString(now).replace(/\D/g, '');
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
