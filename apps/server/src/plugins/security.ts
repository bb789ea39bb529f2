import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Security headers with a CSP the player app passes (it loads only its own scripts; antd-mobile
 * sets inline styles; captchas and QR codes are data: images), and rate limits that routes opt into.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The desktop frame embeds the app in itself; a same-origin frame is allowed, others are not.
    frameguard: { action: 'sameorigin' },
  });

  await app.register(rateLimit, {
    global: false,
    ...(config.redisUrl ? { redis: await redisClient(config.redisUrl) } : {}),
  });
}

async function redisClient(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
}
