import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { readKeyrings, type Secrets } from './lib/keyring';
import { repoRoot } from './paths';
import { type DemoFaultRates, parseDemoFaultRates } from './venues/demo/faults';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_MIGRATION_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  SEED_DEMO: flag.optional(),
  CAPTCHA_TEST_CODE: z
    .string()
    .length(4, 'CAPTCHA_TEST_CODE must be 4 characters, as a captcha is')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_REGISTER: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CAPTCHA: z.coerce.number().int().positive().default(60),
  WEB_DIST: z.string().optional(),
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN must be at least 24 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  TEST_CLOCK: flag.optional(),
  TRUST_PROXY: z.string().trim().optional(),
  ALLOW_EMBEDDED_DATABASE: flag.optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
  ADMIN_ALLOWED_IPS: z.string().optional(),
  DEMO_VENUE_FAULTS: z.string().optional(),
  DEMO_VENUE_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  DEMO_VENUE_LATE_APPLY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  TOTP_ENCRYPTION_KEY: z.string().optional(),
  TOTP_ENCRYPTION_KEYS: z.string().optional(),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(128),
  OVERLOAD_TARGET_MS: z.coerce.number().int().min(0).default(400),
  OVERLOAD_MAX_DB_WAITING: z.coerce.number().int().min(0).default(40),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(200),
  OVERLOAD_MAX_HEAP_USED: z.coerce.number().min(0).max(1).default(0.9),
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  VENUE_RECONCILIATION_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
});

/**
 * Which peers may speak for the client through X-Forwarded-For/-Proto/-Host: none (the default),
 * the nearest N hops, or the listed addresses and CIDR ranges (Fastify's trustProxy).
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || ['0', 'false', 'off', 'no'].includes(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (['1', 'true', 'on', 'yes'].includes(value)) return 1;
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const address of addresses) {
    const [ip, bits, extra] = address.split('/');
    const valid = ip !== undefined && z.ipv4().or(z.ipv6()).safeParse(ip).success;
    if (!valid || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(
        `Invalid configuration TRUST_PROXY: "${address}" is not an address, a range or a hop count`,
      );
    }
  }
  return addresses;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The owner role's address that migrates (and grants the API's role what it may do); undefined:
   * the API's own `databaseUrl` migrates.
   */
  databaseMigrationUrl: string | undefined;
  /** Connections to PostgreSQL per server process. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  seedDemo: boolean;
  captchaTestCode: string | undefined;
  /** One keyring per purpose: payment callbacks, pay links, agent centre links, the demo venue. */
  secrets: Secrets;
  logLevel: string;
  /** Requests a minute per client address on the sensitive routes. */
  rateLimits: { login: number; register: number; captcha: number };
  /** The built player app served at `/`. */
  webDist: string;
  /** The built operator console served at `/admin/`. */
  adminDist: string;
  /** Bootstrap token: it can only create operators (`npm run ops -- create-operator`); unset disables that. */
  adminToken: string | undefined;
  /** Addresses and CIDR ranges that may reach the console and its API; empty: any. */
  adminAllowedIps: string[];
  /** Tests only: a clock the operator API can set. */
  testClock: boolean;
  /** Where this server is reached from outside, without a trailing slash: gateways notify it, QR codes point at it. */
  publicUrl: string;
  /** Proxies whose forwarded headers are believed; false: none. */
  trustProxy: TrustProxy;
  /**
   * In milliseconds: a whole request, its headers, an idle kept-alive connection; how long a shutdown
   * keeps serving with readiness failing before it stops accepting (drain), and its deadline.
   */
  timeouts: { request: number; headers: number; keepAlive: number; drain: number; shutdown: number };
  /**
   * Tests only (the chaos run): the demo venue's latency, the share of its transfer calls that show
   * each fault, and after how long a late transfer applies; undefined: a venue without faults.
   */
  demoVenue: { latencyMs: number; faults: DemoFaultRates; lateApplyMs: number } | undefined;
  /** GET /metrics on its own port and address (unset: not served); never on the public port. */
  metrics: { port: number; host: string } | undefined;
  /** AES-256 keys of the stored TOTP secrets: new values use `current`, `previous` still read. */
  totpKeys: { current: Buffer; previous: Buffer[] };
  /** How often an open event stream gets a heartbeat (a comment line), so that no proxy closes it as idle. */
  eventsHeartbeatMs: number;
  /** How often reconciliation runs, in seconds; undefined: its own interval (jobs/interval-jobs.ts). */
  reconciliationSeconds: number | undefined;
  /** Past any of these the node sheds requests with 503 (plugins/overload.ts); 0 turns a check off. */
  overload: {
    /** Requests being answered at once (health checks not counted): the most the adaptive limit allows. */
    maxInFlight: number;
    /** The limit of requests in flight comes down while more than 5 % of answers take longer than this; 0: it stays at the most. */
    targetMs: number;
    /** Queries waiting for one of the pool's database connections: the queue that grows under load. */
    maxDbWaiting: number;
    /** The event loop's mean delay over the last half second. */
    maxEventLoopDelayMs: number;
    /** The heap in use, as a share of the heap's limit. */
    maxHeapUsed: number;
  };
}

const DEMO_VENUE_SETTINGS = [
  'DEMO_VENUE_FAULTS',
  'DEMO_VENUE_LATENCY_MS',
  'DEMO_VENUE_LATE_APPLY_MS',
] as const;

/** The demo venue's test-only faults and latency; refused in production, where money is real. */
function demoVenueSettings(e: z.infer<typeof envSchema>): Config['demoVenue'] {
  const set = DEMO_VENUE_SETTINGS.filter((name) => e[name] !== undefined);
  if (set.length === 0) return undefined;
  if (e.NODE_ENV === 'production') {
    throw new Error(
      `${set.join(', ')}: the demo venue's faults are for tests only and are refused with NODE_ENV=production`,
    );
  }
  let faults: DemoFaultRates;
  try {
    faults = parseDemoFaultRates(e.DEMO_VENUE_FAULTS ?? '');
  } catch (error) {
    throw new Error(`Invalid configuration DEMO_VENUE_FAULTS: ${(error as Error).message}`);
  }
  return {
    latencyMs: e.DEMO_VENUE_LATENCY_MS ?? 0,
    faults,
    lateApplyMs: e.DEMO_VENUE_LATE_APPLY_MS ?? 70_000,
  };
}

/** `ADMIN_ALLOWED_IPS`: comma-separated addresses or CIDR ranges, IPv4 or IPv6; a malformed entry stops the start. */
function parseAllowedIps(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`Invalid configuration ADMIN_ALLOWED_IPS: ${entry} is not an address or CIDR range`);
    }
  }
  return entries;
}

/** A TOTP encryption key: 32 random bytes in base64 (`openssl rand -base64 32`). */
function totpKey(name: string, value: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/]+=*$/.test(value.trim())) {
    throw new Error(`Invalid configuration ${name}: a key is 32 bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
}

/** `TOTP_ENCRYPTION_KEY` (required in production) and the older keys of `TOTP_ENCRYPTION_KEYS`. */
function totpKeys(e: z.infer<typeof envSchema>): Config['totpKeys'] {
  if (e.NODE_ENV === 'production' && !e.TOTP_ENCRYPTION_KEY) {
    throw new Error('TOTP_ENCRYPTION_KEY must be set with NODE_ENV=production (openssl rand -base64 32)');
  }
  const current = e.TOTP_ENCRYPTION_KEY
    ? totpKey('TOTP_ENCRYPTION_KEY', e.TOTP_ENCRYPTION_KEY)
    : createHash('sha256').update('xingyun-development-totp-key-not-for-production').digest();
  const previous = (e.TOTP_ENCRYPTION_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => totpKey('TOTP_ENCRYPTION_KEYS', k));
  return { current, previous };
}

/** Reads the environment once, refusing unsafe combinations before anything starts. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.CAPTCHA_TEST_CODE) {
    throw new Error('CAPTCHA_TEST_CODE is for tests only and is refused with NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.TEST_CLOCK) {
    throw new Error('TEST_CLOCK is for tests only and is refused with NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.SEED_DEMO) {
    throw new Error(
      'SEED_DEMO (demo players and operators with printed credentials) is refused with NODE_ENV=production',
    );
  }
  if (env.PAYMENT_SANDBOX_SECRET) {
    throw new Error(
      'PAYMENT_SANDBOX_SECRET is replaced by one secret per purpose: PAYMENT_CALLBACK_SECRET, PAY_LINK_SECRET, DEMO_VENUE_SECRET',
    );
  }
  const secrets = readKeyrings(env, e.NODE_ENV === 'production');
  if (e.NODE_ENV === 'production' && e.SEED_DEMO) {
    throw new Error('SEED_DEMO (demo content and the demo player) is refused with NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL && !e.ALLOW_EMBEDDED_DATABASE) {
    throw new Error(
      'NODE_ENV=production needs DATABASE_URL: the embedded database serves one process only. ' +
        'Set ALLOW_EMBEDDED_DATABASE=1 if a single-process embedded deployment is intended.',
    );
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    throw new Error(
      'DATABASE_MIGRATION_URL needs DATABASE_URL: it migrates the PostgreSQL server the API uses',
    );
  }
  const demoVenue = demoVenueSettings(e);
  if ((e.SHUTDOWN_DRAIN_MS ?? 0) >= e.SHUTDOWN_TIMEOUT_MS) {
    throw new Error('SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new Error('METRICS_PORT must differ from PORT: the metrics are never served on the public port');
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new Error('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    // Demo data never reaches a production database, whichever database it is.
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    captchaTestCode: e.CAPTCHA_TEST_CODE,
    secrets,
    logLevel: e.LOG_LEVEL,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, register: e.RATE_LIMIT_REGISTER, captcha: e.RATE_LIMIT_CAPTCHA },
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    adminDist: path.resolve(repoRoot, 'apps/admin/dist'),
    adminToken: e.ADMIN_TOKEN,
    adminAllowedIps: parseAllowedIps(e.ADMIN_ALLOWED_IPS),
    testClock: e.TEST_CLOCK ?? false,
    publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeouts: {
      request: e.REQUEST_TIMEOUT_MS,
      headers: e.HEADERS_TIMEOUT_MS,
      keepAlive: e.KEEP_ALIVE_TIMEOUT_MS,
      // Behind a load balancer it takes a few seconds to notice a failing readiness check.
      drain: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
      shutdown: e.SHUTDOWN_TIMEOUT_MS,
    },
    demoVenue,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    totpKeys: totpKeys(e),
    overload: {
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
      targetMs: e.OVERLOAD_TARGET_MS,
      maxDbWaiting: e.OVERLOAD_MAX_DB_WAITING,
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsed: e.OVERLOAD_MAX_HEAP_USED,
    },
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_MS,
    reconciliationSeconds: e.VENUE_RECONCILIATION_SECONDS,
  };
}
