import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import { CSRF_HEADER, OPERATOR_MSG } from '@app/contract/admin/auth';
import {
  can,
  GATES,
  type Gate,
  PERMISSIONS,
  type Permission,
  type RouteAccess,
} from '@app/contract/admin/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError, unauthorized } from '../lib/errors';
import { type Actor, recordAudit } from '../modules/audit/service';
import {
  actorOf,
  authenticateApiKey,
  authenticateSession,
  csrfOf,
  type OperatorRecord,
  type OperatorSession,
  roleOf,
} from '../modules/operators/service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an operator route requires: an action of the permission table, or a gate. */
    permission?: RouteAccess;
  }
  interface FastifyRequest {
    operator?: OperatorAccess;
  }
}

/** Who is calling an operator route, as the access check found them. */
export interface OperatorAccess {
  actor: Actor;
  /** Undefined for the bootstrap token. */
  operator?: OperatorRecord;
  /** Set when the caller came with a console session (not an API key). */
  session?: OperatorSession;
}

export const OPERATOR_API_PREFIX = '/admin/api/';
const COOKIE = 'xy_op';
const COOKIE_PATH = '/admin';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const forbidden = (message: string) => new AppError(403, message);

const isGate = (access: string): access is Gate => (GATES as readonly string[]).includes(access);
const isDeclared = (access: unknown): access is RouteAccess =>
  typeof access === 'string' && (isGate(access) || access in PERMISSIONS);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function bearer(request: FastifyRequest): string | undefined {
  const [scheme, token] = request.headers.authorization?.split(' ') ?? [];
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The console's session cookie: page scripts cannot read it, and no other site's request carries it. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0`);
}

/** `ADMIN_ALLOWED_IPS` as a check: undefined when the list is empty (every address may come). */
export function allowedAddresses(entries: readonly string[]): ((ip: string) => boolean) | undefined {
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip: string) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    return list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}

/**
 * The back office's access check, in front of every route of its scope (the scope the back-office
 * modules register in): the address allow-list, then who calls (the bootstrap token, an API key, or
 * a console session with its CSRF token on every request that changes something), then what the
 * caller's role may do. Default deny: each route declares a `permission`, or, outside the operator
 * API, says `public: true` (what the back office serves to anyone: the pictures it uploads); an
 * undeclared route is refused at registration and, should one slip through, at request time.
 */
export function registerOperatorAccess(app: FastifyInstance, ctx: AppContext): void {
  const addressAllowed = allowedAddresses(ctx.config.adminAllowedIps);
  const bootstrapToken = ctx.config.adminToken;

  app.addHook('onRoute', (route) => {
    const underApi = route.url.startsWith(OPERATOR_API_PREFIX);
    const access = route.config?.permission;
    if (access === undefined && !underApi && route.config?.public === true) return;
    if (!isDeclared(access)) {
      throw new Error(
        `${route.method} ${route.url}: an operator route must declare a permission of the table (or, outside the operator API, public: true)`,
      );
    }
  });

  const denied = async (actor: Actor, permission: Permission, request: FastifyRequest) => {
    await recordAudit(ctx.db, ctx.clock.now(), actor, {
      action: 'access.denied',
      targetType: 'operator',
      targetId: actor.operatorId ?? 0,
      after: { attempted: permission, method: request.method, path: request.url.split('?')[0] },
    });
    return forbidden(OPERATOR_MSG.forbidden);
  };

  const check = async (request: FastifyRequest, reply: FastifyReply, access: RouteAccess) => {
    if (addressAllowed && !addressAllowed(request.ip)) throw forbidden(OPERATOR_MSG.ipRefused);
    if (access === 'public') return;

    const key = bearer(request);
    if (access === 'bootstrap') {
      if (!bootstrapToken || !key || !sameSecret(key, bootstrapToken))
        throw unauthorized(OPERATOR_MSG.signInFirst);
      request.operator = {
        actor: {
          operatorId: null,
          username: 'ADMIN_TOKEN',
          role: 'bootstrap',
          ip: request.ip,
          via: 'bootstrap',
        },
      };
      return;
    }

    if (key) {
      if (isGate(access)) throw forbidden(OPERATOR_MSG.apiKeyNotAllowed);
      const found = await authenticateApiKey(ctx, key);
      if (!found) throw unauthorized(OPERATOR_MSG.signInFirst);
      const actor = actorOf(found.operator, request.ip, `api-key:${found.key.id}`);
      const role = roleOf(found.operator);
      if (!role || !can(role, access)) throw await denied(actor, access, request);
      request.operator = { actor, operator: found.operator };
      return;
    }

    const token = readCookie(request.headers.cookie, COOKIE);
    if (!token) throw unauthorized(OPERATOR_MSG.signInFirst);
    const session = await authenticateSession(ctx, token);
    if (!session) {
      clearSessionCookie(reply);
      throw unauthorized(OPERATOR_MSG.sessionExpired);
    }
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, csrfOf(token))) throw forbidden(OPERATOR_MSG.csrf);
    }
    if (access !== 'session' && session.session.stage !== 'active') {
      throw unauthorized(OPERATOR_MSG.stageWrong);
    }
    const actor = actorOf(session.operator, request.ip, 'session');
    if (access !== 'session' && access !== 'self') {
      const role = roleOf(session.operator);
      if (!role || !can(role, access)) throw await denied(actor, access, request);
    }
    request.operator = { actor, operator: session.operator, session };
  };

  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config.permission;
    if (access === undefined) {
      // Default deny: nothing under the operator API answers without a declared permission.
      const underApi = request.routeOptions.url?.startsWith(OPERATOR_API_PREFIX) ?? false;
      return done(underApi ? forbidden(OPERATOR_MSG.forbidden) : undefined);
    }
    check(request, reply, access).then(() => done(), done);
  });
}

/** The caller of a route behind the access check. */
export function operatorOf(request: FastifyRequest): OperatorAccess {
  if (!request.operator) throw unauthorized(OPERATOR_MSG.signInFirst);
  return request.operator;
}

/** The caller's console session (routes of the `session` and `self` gates). */
export function sessionOf(request: FastifyRequest): OperatorSession & { actor: Actor } {
  const access = operatorOf(request);
  if (!access.session) throw forbidden(OPERATOR_MSG.apiKeyNotAllowed);
  return { ...access.session, actor: access.actor };
}
