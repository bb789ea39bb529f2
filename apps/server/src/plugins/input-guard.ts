import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { badInput } from '../lib/errors';

/** A UTF-16 surrogate without its other half: no UTF-8 encoding, so no PostgreSQL text, holds it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const storable = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);

/**
 * The path of the first string in `value` (a value or a key, at any depth) that PostgreSQL text
 * cannot hold: a NUL byte or a lone surrogate. Walked without recursion: a body may nest deeply.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const queue: [unknown, string][] = [[value, '']];
  for (let i = 0; i < queue.length; i++) {
    const [item, path] = queue[i] as [unknown, string];
    if (typeof item === 'string') {
      if (!storable(item)) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (!storable(key)) return at;
        queue.push([child, at]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses a request any of whose strings (body, query, path parameters) holds a NUL byte or a lone
 * surrogate, with 400 and the field's name, before any route's schema or query sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [request.body, request.query, request.params];
    const path = parts.reduce<string | undefined>(
      (found, part) => found ?? unstorableTextAt(part),
      undefined,
    );
    if (path === undefined) return done();
    const name = (path || '请求内容').replace(/\0/g, '\\0').replace(new RegExp(LONE_SURROGATE, 'g'), '?');
    done(badInput(SERVER_MSG.badCharacters(name)));
  });
}
