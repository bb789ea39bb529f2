import type { ConciseGame } from '@app/contract/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { ConciseGame };

/** POST /api/gamelistBycode: the electronic games of one platform (a /concise tab). */
export const getConciseGames = (gamecode: string, signal?: AbortSignal): Promise<ConciseGame[]> =>
  apiData('/api/gamelistBycode', schemas.conciseGames, { body: { gamecode }, signal });

/** Each tab's list is fetched once and kept (spec 2): never stale, never dropped. */
export const conciseGamesQueryOptions = (gamecode: string) =>
  queryOptions({
    queryKey: ['concise-games', gamecode] as const,
    queryFn: ({ signal }) => getConciseGames(gamecode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useConciseGames = (gamecode: string) => useQuery(conciseGamesQueryOptions(gamecode));
