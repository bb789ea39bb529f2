import { randomInt } from 'node:crypto';

/** Letters and digits without the look-alikes (0/O, 1/l/I), for passwords read off a screen once. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password handed over once (created or reset): `length` characters, at least one letter and one digit. */
export function randomPassword(length: number): string {
  for (;;) {
    let p = '';
    for (let i = 0; i < length; i++) p += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Za-z]/.test(p) && /\d/.test(p)) return p;
  }
}
