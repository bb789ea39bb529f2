import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../lib/errors';
import { type Authenticated, authenticate } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** An onRequest hook for routes that need a logged-in player: 401 without a live session, before the body is even read. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw unauthorized(SERVER_MSG.notLoggedIn);
    const auth = await authenticate(ctx, token);
    if (!auth) throw unauthorized(SERVER_MSG.sessionExpired);
    request.auth = auth;
  };
}

/** The caller's session inside a route guarded by requireUser. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized(SERVER_MSG.notLoggedIn);
  return request.auth;
}
