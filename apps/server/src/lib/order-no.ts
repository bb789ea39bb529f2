import { randomInt } from 'node:crypto';
import { toBeijingString } from '@app/contract/time';

let sequence = 0;

/**
 * A readable order number, unique in practice across processes: prefix, Beijing time to the
 * millisecond, this process's running counter, and random digits for the other processes.
 * (Second-resolution time with six random digits collides within a second at a few hundred orders.)
 */
export function orderNo(prefix: string, now: Date): string {
  const stamp = toBeijingString(now).replace(/\D/g, '');
  const millis = String(now.getUTCMilliseconds()).padStart(3, '0');
  sequence = (sequence + 1) % 10_000;
  return `${prefix}${stamp}${millis}${String(sequence).padStart(4, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}
