import { ApiCode } from '@app/contract/envelope';
import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';

/** While the database is away: when to try again (a restart takes a few seconds). */
const RETRY_AFTER_SECONDS = 3;

/**
 * Turns every failure into the `{ code, message }` envelope with a mirrored HTTP status and a
 * Chinese message: AppErrors as they are, validation errors with the first rule's message,
 * framework errors by their status, an unreachable database as 503 with Retry-After, anything else
 * as 500 (logged, never shown).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const { code, message, data } = error;
      return reply.status(code).send(data ? { code, message, data } : { code, message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      // Custom issues carry the spec's own message; any other names the field that is wrong.
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message =
        issue?.keyword === 'custom' ? issue.message : `${SERVER_MSG.badInput}：${field || '请求内容'}`;
      return reply.status(ApiCode.badInput).send({ code: ApiCode.badInput, message });
    }
    const status = error.statusCode ?? 500;
    if (status === ApiCode.tooMany) {
      return reply.status(status).send({ code: status, message: SERVER_MSG.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, message: SERVER_MSG.badInput });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message } }, 'database unavailable: answered 503');
      return reply
        .status(ApiCode.unavailable)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ code: ApiCode.unavailable, message: SERVER_MSG.databaseUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(ApiCode.internal).send({ code: ApiCode.internal, message: SERVER_MSG.internal });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(ApiCode.notFound).send({ code: ApiCode.notFound, message: SERVER_MSG.notFound }),
  );
}
