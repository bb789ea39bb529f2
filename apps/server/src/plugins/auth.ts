import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../lib/errors';
import { type Authenticated, authenticate, cachedSession, hashToken } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

/** The bearer token of the request, if it came with one. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The onRequest hook that reads the bearer token. A session checked moments ago passes without a
 * promise: this runs on every poll. `required`: no live session is a 401, before the body is even
 * read; otherwise the caller is simply a visitor. Player modules get it from `registerPlayerModule`.
 */
export function sessionHook(ctx: AppContext, required: boolean) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = bearer(request);
    if (!token) return done(required ? unauthorized(SERVER_MSG.notLoggedIn) : undefined);
    const tokenHash = hashToken(token);
    const cached = cachedSession(ctx, tokenHash);
    if (cached) {
      request.auth = cached;
      return done();
    }
    authenticate(ctx, tokenHash).then(
      (auth) => {
        if (auth) request.auth = auth;
        done(!auth && required ? unauthorized(SERVER_MSG.sessionExpired) : undefined);
      },
      (error: Error) => done(error),
    );
  };
}

/** The caller's session inside a player route that is not public. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized(SERVER_MSG.notLoggedIn);
  return request.auth;
}
