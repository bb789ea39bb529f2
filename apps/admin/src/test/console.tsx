import type { SessionState } from '@app/contract/admin/auth';
import { type OperatorRole, permissionsOf } from '@app/contract/admin/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { z } from 'zod';
import { queryClient } from '@/shared/api/query-client';
import { FeedbackBridge } from '@/shared/ui/feedback';

/** What the fake server answers a GET or POST with: the `data` of the envelope, or a whole Response (a refusal). */
type Answer = (url: URL, body: unknown) => unknown;

/**
 * A fake answer as the contract's schema has it: typed as the server sends it and checked by the
 * schema, so that a fake cannot drift from the server.
 */
export const shapedBy = <S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> =>
  schema.parse(value);

/** A signed-in operator of this role, as GET /auth/me answers. */
export const sessionOf = (role: OperatorRole): SessionState => ({
  stage: 'active',
  operator: { id: 1, username: 'tester', display_name: '测试员', role },
  csrf_token: 'csrf',
  permissions: permissionsOf(role),
  idle_minutes: 30,
});

/**
 * The operator API for a test: `fetch` answers each path under /admin/api with the `{ code, message,
 * data }` envelope around what `answers` gives (the console checks it against the contract's
 * schemas), or with the Response an answer gives; an unknown path is a 404. Returns the URLs asked
 * for, in order.
 */
export function fakeApi(answers: Record<string, Answer>, role: OperatorRole = 'superadmin'): URL[] {
  const asked: URL[] = [];
  const all: Record<string, Answer> = { '/auth/me': () => sessionOf(role), ...answers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://console.test');
      asked.push(url);
      const answer = all[url.pathname.replace(/^\/admin\/api/, '')];
      if (!answer) return Response.json({ code: 404, message: '接口不存在' }, { status: 404 });
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const data = answer(url, body);
      if (data instanceof Response) return data;
      return Response.json({ code: 200, message: '操作成功', data });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Renders routes as the console does (antd's App, the query client) at `url`; returns the router. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <App>
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </App>,
  );
  return router;
}

/** Renders one page at `url` (its route `path`, e.g. `/players/:id`). */
export const renderPage = (page: ReactNode, url: string, path = url.split('?')[0] ?? url) =>
  renderRoutes([{ path, element: page }], url);

/** One page of rows, as the console's list endpoints answer. */
export const pageOfRows = <T,>(rows: T[]) => ({
  data: rows,
  current_page: 1,
  last_page: 1,
  total: rows.length,
});
