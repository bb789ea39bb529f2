import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built player app at `/`. The build writes a brotli and a gzip copy beside every text
 * file; each request gets the copy its Accept-Encoding prefers (br, then gzip), with
 * `Vary: Accept-Encoding`, so compressing costs nothing per request. Hashed assets are cached for a
 * year; index.html is always revalidated so that a new build reaches players at once.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'player app build missing: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    index: ['index.html'],
    preCompressed: true,
    // Its own Cache-Control (max-age=0) would replace the one set below: every hashed asset would be
    // revalidated, a stylesheet the page preloaded fetched again on the first screen's path.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // @fastify/static 9 (the last for Node 20) picks the copy but does not say it varies by encoding.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}
