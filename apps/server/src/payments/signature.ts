import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 (hex) over `key=value` pairs sorted by key and joined with `&`, leaving `sign` out:
 * the usual gateway convention, so that field order on the wire does not matter.
 */
export function signFields(fields: Record<string, string>, secret: string): string {
  const canonical = Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

/** Whether `fields.sign` is the signature of the other fields by one of `keys`, compared in constant time. */
export function signatureValid(
  fields: Record<string, string> & { sign: string },
  keys: readonly string[],
): boolean {
  const got = Buffer.from(/^[0-9a-f]{64}$/i.test(fields.sign) ? fields.sign : '', 'hex');
  return keys.some((key) => sameBytes(got, Buffer.from(signFields(fields, key), 'hex')));
}

/** A short token that proves a URL was made by whoever holds `secret` (checkout links, QR images). */
export function urlToken(purpose: string, id: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 22);
}

/** Whether `token` was made by `urlToken` for this purpose and id with one of `keys`. */
export function urlTokenValid(purpose: string, id: string, token: string, keys: readonly string[]): boolean {
  const got = Buffer.from(token);
  return keys.some((key) => sameBytes(got, Buffer.from(urlToken(purpose, id, key))));
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
