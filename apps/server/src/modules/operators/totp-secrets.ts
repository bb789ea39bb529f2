import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as repo from './repository';

/** TOTP_ENCRYPTION_KEY and the older keys still read (TOTP_ENCRYPTION_KEYS). */
export type TotpKeys = Config['totpKeys'];

/** `enc:v1:<key id>:<base64url of IV, tag and ciphertext>`: the key id says which key opens it. */
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key's id: not the key, nothing learnt from it, the same on every node. */
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** What every value encrypted with the current key starts with. */
export const currentPrefix = (keys: TotpKeys) => `${PREFIX}${keyId(keys.current)}:`;

/** A TOTP secret as it is stored: AES-256-GCM under the current key. */
export function sealSecret(keys: TotpKeys, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${currentPrefix(keys)}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/**
 * The secret of a stored value, under whichever configured key its id names. A plain value, left by
 * a version before encryption (a rolling deploy), is answered as it is until the start-up step
 * encrypts it.
 */
export function openSecret(keys: TotpKeys, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [id = '', data = ''] = stored.slice(PREFIX.length).split(':');
  const key = [keys.current, ...keys.previous].find((k) => keyId(k) === id);
  if (!key) {
    throw new Error(
      `A stored TOTP secret is encrypted with key id ${id}, which is neither TOTP_ENCRYPTION_KEY nor one of TOTP_ENCRYPTION_KEYS`,
    );
  }
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** Where a table's TOTP secrets are (each module's repository). */
export interface StoredSecrets {
  /** Rows whose secret does not start with `prefix`. */
  secretsNotStartingWith(q: Db, prefix: string): Promise<{ id: number; secret: string }[]>;
  /** Replaces a secret, only while it is still `from`. */
  replaceSecret(q: Db, id: number, from: string, to: string): Promise<void>;
}

/**
 * The start-up step: every stored secret not yet under the current key (plain, or under an older
 * key) is encrypted with it; one that no configured key opens stops the start. A value is replaced
 * only while it is still the one read, so nodes starting together do not undo each other. Answers
 * how many were replaced.
 */
export async function resealSecrets(db: Db, keys: TotpKeys, store: StoredSecrets): Promise<number> {
  const stored = await store.secretsNotStartingWith(db, currentPrefix(keys));
  for (const row of stored) {
    await store.replaceSecret(db, row.id, row.secret, sealSecret(keys, openSecret(keys, row.secret)));
  }
  return stored.length;
}

/** The start-up step for operators' secrets. */
export const sealStoredOperatorSecrets = (db: Db, keys: TotpKeys) => resealSecrets(db, keys, repo);
