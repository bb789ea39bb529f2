import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { postgresCounter, redisCounter, sharedStoreWithFallback } from './rate-limit-store';

/**
 * The CSP the player app passes: it loads only its own scripts, antd-mobile sets inline styles,
 * captchas and QR codes are data: images, and the desktop view frames the app in itself.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * helmet's default headers, computed once. @fastify/helmet recomputes them on every request, which
 * measured at half the throughput of a trivial route on this machine.
 */
const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/**
 * The API's answers are JSON read by fetch, never documents: they carry the headers that matter for
 * an API (OWASP REST Security: no caching of money data, no sniffing, no framing, HSTS) and not the
 * document policies above. Node validates every header of every answer, and the player app polls:
 * the full set measured at a third of the cost of a balance call.
 */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security'],
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * The player app's hashed files (scripts, styles, pictures) are never documents either: the document
 * policies above mean nothing on them, and each of the first screen's dozens of files would carry
 * them over a phone's network. They keep what applies to any resource.
 */
const ASSET_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

const isApiCall = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) ||
  url.startsWith('/pay/api/') ||
  url.startsWith('/admin/api/') ||
  url.startsWith('/venue/demo/api/');

/** Security headers on every response, and rate limits that routes opt into. */
export async function registerSecurity(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(
      isApiCall(url) ? API_HEADERS : url.startsWith('/assets/') ? ASSET_HEADERS : SECURITY_HEADERS,
    );
    done();
  });

  const shared = await sharedCounter(app, config, db);
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: sharedStoreWithFallback(shared, app.log) } : {}),
  });
}

/**
 * Where every process counts the limits: Redis when configured, else PostgreSQL; the embedded
 * database serves one process, whose own memory is exact (the plugin's store).
 */
async function sharedCounter(app: FastifyInstance, config: Config, db: Db) {
  if (config.redisUrl) return redisCounter(await redisClient(config.redisUrl, app));
  if (!config.databaseUrl) return undefined;
  const counter = postgresCounter(db);
  app.addHook('onClose', async () => counter.stop());
  return counter;
}

/**
 * Commands fail at once while Redis is unreachable (no offline queue) and the client reconnects in
 * the background; the store counts per process meanwhile. Closed with the server.
 */
async function redisClient(url: string, app: FastifyInstance) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 500,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  // Connection errors are reported by the store, once per outage; without a listener ioredis prints each one.
  redis.on('error', () => {});
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}
