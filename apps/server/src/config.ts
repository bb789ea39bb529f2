import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  SEED_DEMO: flag.optional(),
  CAPTCHA_TEST_CODE: z
    .string()
    .length(4, 'CAPTCHA_TEST_CODE must be 4 characters, as a captcha is')
    .optional(),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_REGISTER: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CAPTCHA: z.coerce.number().int().positive().default(60),
  WEB_DIST: z.string().optional(),
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN must be at least 24 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  TEST_CLOCK: flag.optional(),
  ADMIN_ALLOWED_IPS: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL per server process. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  seedDemo: boolean;
  captchaTestCode: string | undefined;
  paymentSandboxSecret: string;
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
  if (e.NODE_ENV === 'production' && !e.PAYMENT_SANDBOX_SECRET) {
    throw new Error('PAYMENT_SANDBOX_SECRET must be set with NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    captchaTestCode: e.CAPTCHA_TEST_CODE,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? 'sandbox-development-secret-not-for-production',
    logLevel: e.LOG_LEVEL,
    rateLimits: { login: e.RATE_LIMIT_LOGIN, register: e.RATE_LIMIT_REGISTER, captcha: e.RATE_LIMIT_CAPTCHA },
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    adminDist: path.resolve(repoRoot, 'apps/admin/dist'),
    adminToken: e.ADMIN_TOKEN,
    adminAllowedIps: parseAllowedIps(e.ADMIN_ALLOWED_IPS),
    testClock: e.TEST_CLOCK ?? false,
    publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
  };
}
