/**
 * One secret per purpose, each rotatable: new signatures use `current`; a check also accepts each
 * previous key until its grace period ends, so links, tokens and callbacks made just before a
 * rotation keep working while every node takes the new key.
 */
export interface Keyring {
  readonly current: string;
  readonly previous: readonly { readonly key: string; readonly until: Date }[];
}

/** The keys a check accepts at `now`: the current one first, then the previous ones still in grace. */
export function acceptedKeys(ring: Keyring, now: Date): string[] {
  return [ring.current, ...ring.previous.filter((p) => p.until > now).map((p) => p.key)];
}

/** The purposes, each with its own environment variable (README: Configuration, Secrets). */
export const SECRET_PURPOSES = {
  paymentCallback: 'PAYMENT_CALLBACK_SECRET',
  payLink: 'PAY_LINK_SECRET',
  demoVenue: 'DEMO_VENUE_SECRET',
} as const;

export type SecretPurpose = keyof typeof SECRET_PURPOSES;
export type Secrets = Record<SecretPurpose, Keyring>;

const MIN_LENGTH = 32;

/**
 * Each purpose's keyring from `NAME` (current), `NAME_PREVIOUS` (the key it replaced) and
 * `NAME_PREVIOUS_UNTIL` (when the previous key stops being accepted: a rotation always ends).
 * Production refuses to start without every key, and with one key serving two purposes; elsewhere an
 * unset key is a fixed development value of its own.
 */
export function readKeyrings(env: NodeJS.ProcessEnv, production: boolean): Secrets {
  const rings = {} as Record<SecretPurpose, Keyring>;
  for (const [purpose, name] of Object.entries(SECRET_PURPOSES) as [SecretPurpose, string][]) {
    const current = env[name];
    if (current === undefined || current === '') {
      if (production)
        throw new Error(`${name} must be set with NODE_ENV=production (openssl rand -base64 48)`);
    } else if (current.length < MIN_LENGTH) {
      throw new Error(
        `Invalid configuration ${name}: at least ${MIN_LENGTH} characters (openssl rand -base64 48)`,
      );
    }
    rings[purpose] = {
      current: current || `xingyun-development-${purpose}-secret-not-for-production`,
      previous: previousKey(env, name),
    };
  }
  if (production) {
    const keys = Object.values(rings).map((r) => r.current);
    if (new Set(keys).size !== keys.length) {
      throw new Error(`One secret per purpose: ${Object.values(SECRET_PURPOSES).join(', ')} must all differ`);
    }
  }
  return rings;
}

function previousKey(env: NodeJS.ProcessEnv, name: string): Keyring['previous'] {
  const key = env[`${name}_PREVIOUS`];
  const until = env[`${name}_PREVIOUS_UNTIL`];
  if (!key) {
    if (until) throw new Error(`${name}_PREVIOUS_UNTIL is set without ${name}_PREVIOUS`);
    return [];
  }
  const end = until ? new Date(until) : null;
  if (!end || Number.isNaN(end.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(until ?? '')) {
    throw new Error(
      `${name}_PREVIOUS needs ${name}_PREVIOUS_UNTIL, the end of its grace period as an ISO time (e.g. 2026-12-01T00:00:00Z)`,
    );
  }
  return [{ key, until: end }];
}
