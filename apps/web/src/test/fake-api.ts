import type { Envelope } from '@app/contract/envelope';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

type Answer = Envelope<unknown>;
/** An answer, or a function of the request body that gives one. */
export type Route = Answer | ((body: Record<string, unknown>) => Answer);

export interface ApiCall {
  path: string;
  body: Record<string, unknown>;
  /** The query string of a GET. */
  query: URLSearchParams;
  /** A multipart body (an upload), as sent. */
  form?: FormData;
  headers: Headers;
}

/** A code-200 answer. */
export const ok = (data?: unknown, message = '操作成功'): Answer => ({ code: 200, message, data });
/** A refusal, as the server words it. */
export const refuse = (message: string, code = 422): Answer => ({ code, message });

/**
 * Replaces fetch at the network boundary with a small fake server: each path answers with its
 * envelope (HTTP status mirroring the code); paths not given fail like a dropped connection.
 * Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, Route>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = url, search = ''] = url.split('?');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const form = init.body instanceof FormData ? init.body : undefined;
      calls.push({
        path,
        body,
        query: new URLSearchParams(search),
        headers: new Headers(init.headers),
        form,
      });
      const route = routes[path];
      if (!route) throw new TypeError('Failed to fetch');
      const answer = typeof route === 'function' ? route(body) : route;
      return new Response(JSON.stringify(answer), {
        status: answer.code,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The calls made to one path. */
export const callsTo = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path);

/** The toast shown says exactly `message`. */
export const expectToast = (message: string) =>
  waitFor(() => expect(document.querySelector('.adm-toast-main')?.textContent).toBe(message));
