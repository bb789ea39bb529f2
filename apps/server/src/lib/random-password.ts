import { randomInt } from 'node:crypto';

/** Letters and digits without the look-alikes (0/O, 1/l/I), for passwords read off a screen once. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** `length` characters drawn uniformly from `alphabet` (crypto.randomInt: no modulo bias). */
export function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** A random password handed over once (created or reset): `length` characters, at least one letter and one digit. */
export function randomPassword(length: number): string {
  for (;;) {
    const p = randomText(ALPHABET, length);
    if (/[A-Za-z]/.test(p) && /\d/.test(p)) return p;
  }
}
