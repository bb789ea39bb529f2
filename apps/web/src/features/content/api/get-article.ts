import type { ArticleScope } from '@app/contract/content-rules';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** POST /api/article: a help article (scope help, types 1-8) or a rules page (scope abouts, 5 and 6). */
export const getArticle = (type: number, scope: ArticleScope, signal?: AbortSignal) =>
  apiData('/api/article', schemas.article, { body: { type, scope }, signal });

export const articleQueryOptions = (type: number, scope: ArticleScope = 'help') =>
  queryOptions({
    queryKey: ['article', scope, type] as const,
    queryFn: ({ signal }) => getArticle(type, scope, signal),
    staleTime: 10 * 60_000,
  });

export const useArticle = (type: number, scope: ArticleScope = 'help') =>
  useQuery({ ...articleQueryOptions(type, scope), enabled: type > 0 });

/** The help articles of the help centre, fetched together (their titles list them; a tap shows one at once). */
export const useHelpArticles = (types: readonly number[]) =>
  useQueries({ queries: types.map((type) => articleQueryOptions(type)) });
