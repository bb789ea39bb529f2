import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built player app at `/`. The build writes a brotli and a gzip copy beside every text
 * file; each request gets the copy its Accept-Encoding prefers (br, then gzip), with
 * `Vary: Accept-Encoding`, so compressing costs nothing per request. Hashed assets are cached for a
 * year without validators; index.html is always revalidated so that a new build reaches players at once.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'player app build missing: run `npm run build`');
    return;
  }
  // Hashed assets never change under their name: cached for a year and never revalidated, so they go
  // without validators or range support (bytes every response of a first load would carry).
  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    cacheControl: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // @fastify/static 9 (the last for Node 20) picks the copy but does not say it varies by encoding.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  // index.html and the other files at the root (the service worker sw.js, manifest.webmanifest, the icons):
  // always revalidated, so that a new build reaches players at once.
  await app.register(fastifyStatic, {
    root: dist,
    index: ['index.html'],
    preCompressed: true,
    decorateReply: false,
    // Its own Cache-Control (max-age=0) would replace no-cache: the browser would not revalidate.
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}
