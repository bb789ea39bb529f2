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

/** Whether `fields.sign` is the signature of the other fields, compared in constant time. */
export function signatureValid(fields: Record<string, string> & { sign: string }, secret: string): boolean {
  const expected = Buffer.from(signFields(fields, secret), 'hex');
  const got = Buffer.from(/^[0-9a-f]{64}$/i.test(fields.sign) ? fields.sign : '', 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A short token that proves a URL was made by whoever holds `secret` (checkout links, QR images). */
export function urlToken(purpose: string, id: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 22);
}

export function urlTokenValid(purpose: string, id: string, token: string, secret: string): boolean {
  const expected = Buffer.from(urlToken(purpose, id, secret));
  const got = Buffer.from(token);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
