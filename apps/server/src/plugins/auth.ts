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

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * An onRequest hook for routes that need a logged-in player: 401 without a live session, before the
 * body is even read. A session checked moments ago passes without a promise: this runs on every poll.
 */
export function requireUser(ctx: AppContext) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = bearer(request);
    if (!token) return done(unauthorized(SERVER_MSG.notLoggedIn));
    const tokenHash = hashToken(token);
    const cached = cachedSession(ctx, tokenHash);
    if (cached) {
      request.auth = cached;
      return done();
    }
    authenticate(ctx, tokenHash).then(
      (auth) => {
        if (!auth) return done(unauthorized(SERVER_MSG.sessionExpired));
        request.auth = auth;
        done();
      },
      (error: Error) => done(error),
    );
  };
}

/** The caller's session inside a route guarded by requireUser. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized(SERVER_MSG.notLoggedIn);
  return request.auth;
}

/** An onRequest hook for routes open to visitors that say more to a logged-in player. */
export function optionalUser(ctx: AppContext) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = bearer(request);
    if (!token) return done();
    const tokenHash = hashToken(token);
    const cached = cachedSession(ctx, tokenHash);
    if (cached) {
      request.auth = cached;
      return done();
    }
    authenticate(ctx, tokenHash).then(
      (auth) => {
        if (auth) request.auth = auth;
        done();
      },
      (error: Error) => done(error),
    );
  };
}
