import { createHash } from 'node:crypto';
import { generateSecret, generateURI, ScureBase32Plugin, verify } from 'otplib';

/** The name an authenticator app shows beside the operator's codes. */
export const TOTP_ISSUER = '星云娱乐后台';

/** A new random secret: 20 bytes, base32, as authenticator apps expect. */
export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (username: string, secret: string, issuer: string = TOTP_ISSUER): string =>
  generateURI({ issuer, label: username, secret });

/**
 * The time step at which `code` is the code of `secret` (an operator's or a player's), one step of clock drift allowed either way,
 * or null. Steps at or before `afterStep` are refused: a code is accepted once.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * A demo operator's fixed secret, printed by `npm start` so that a new user can sign in at once.
 * Demo mode only: production refuses demo seeding.
 */
export function demoTotpSecret(username: string): string {
  const bytes = createHash('sha256').update(`xingyun-demo-operator:${username}`).digest().subarray(0, 20);
  return new ScureBase32Plugin().encode(new Uint8Array(bytes));
}
