import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { OPERATOR_MSG } from '@app/contract/admin/auth';
import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { allowedAddresses } from './operator-access';
import { CONTENT_SECURITY_POLICY } from './security';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The console acts on money and players: no page, not even our own, may frame it. */
const CONSOLE_CSP = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'self'", "frame-ancestors 'none'");

async function isFile(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Serves the operator console's own bundle at `/admin/` (the player app never loads any of it).
 * Hashed assets are cached for a year; any other path without a file is one of the console's
 * routes and gets index.html, always revalidated. The build is looked up per request, so a
 * server started before the console was built serves it once it is. ADMIN_ALLOWED_IPS applies here
 * as it does to the operator API.
 */
export function registerAdminConsole(app: FastifyInstance, config: Config): void {
  const root = config.adminDist;
  const addressAllowed = allowedAddresses(config.adminAllowedIps);

  app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
  app.get('/admin/*', { schema: { hide: true } }, async (request, reply) => {
    if (addressAllowed && !addressAllowed(request.ip)) throw new AppError(403, OPERATOR_MSG.ipRefused);
    const wanted = (request.params as { '*': string })['*'];
    if (wanted.startsWith('api/')) throw new AppError(404, SERVER_MSG.notFound);
    const file = path.resolve(root, wanted);
    const inside = file.startsWith(root + path.sep);
    const asset = inside && (await isFile(file));
    if (!asset && path.extname(wanted) !== '') throw new AppError(404, SERVER_MSG.notFound);
    const served = asset ? file : path.join(root, 'index.html');
    if (!(await isFile(served))) {
      request.log.warn({ root }, 'operator console build missing: run `npm run build -w apps/admin`');
      throw new AppError(404, SERVER_MSG.notFound);
    }
    const immutable = served.startsWith(path.join(root, 'assets') + path.sep);
    return reply
      .header('content-security-policy', CONSOLE_CSP)
      .header('x-frame-options', 'DENY')
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .type(TYPES[path.extname(served)] ?? 'application/octet-stream')
      .send(createReadStream(served));
  });
}
