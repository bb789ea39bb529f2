import { pageOf } from '@app/contract/admin/fields';
import type { RouteAccess } from '@app/contract/admin/roles';
import type { Page } from '@app/contract/paging';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../lib/envelope';
import { replies } from '../lib/schemas';

/** A paged list of the console: its address, who may read it, its filters and its rows. */
export interface ConsoleList<Q extends z.ZodType, R extends z.ZodType> {
  url: string;
  permission: RouteAccess;
  tags: string[];
  summary: string;
  /** The filters, sort and page, from the query string. */
  query: Q;
  row: R;
  page: (query: z.infer<Q>, request: FastifyRequest) => Promise<Page<z.infer<R>>>;
}

/** Registers a console list: a GET that answers one page of rows in the shape of every paged list. */
export function consoleListRoute<Q extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  { url, permission, tags, summary, query, row, page }: ConsoleList<Q, R>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    { config: { permission }, schema: { tags, summary, querystring: query, response: replies(pageOf(row)) } },
    // The query string schema has checked it; the type provider cannot infer a generic schema's type.
    async (request) => ok(await page(request.query as z.infer<Q>, request)),
  );
}
