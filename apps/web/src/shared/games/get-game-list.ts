import type { Game } from '@app/contract/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRevalidate } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { usePageIdle } from '@/shared/lib/page-idle';

export type { Game };

/** Local storage key of the kept game list (spec 3, local client state: cached game lists). */
export const GAME_LIST_STORAGE_KEY = 'game-list';

interface KeptGameList {
  etag: string | null;
  games: Game[];
}

function readKept(): KeptGameList | null {
  try {
    const raw = localStorage.getItem(GAME_LIST_STORAGE_KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptGameList>;
    return Array.isArray(kept.games) ? { etag: kept.etag ?? null, games: kept.games } : null;
  } catch {
    return null;
  }
}

function keep(list: KeptGameList) {
  try {
    localStorage.setItem(GAME_LIST_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused: the list still shows, it is just fetched whole next time.
  }
}

/**
 * GET /api/game/list (category empty): every game shown on the app (app_state 1). The answer is kept
 * in local storage with its ETag; the next call asks whether it changed and a 304 keeps it.
 */
export async function getGameList(signal?: AbortSignal): Promise<Game[]> {
  const kept = readKept();
  const answer = await apiRevalidate('/api/game/list', schemas.gameList, kept?.etag ?? null, {
    query: { category: '' },
    signal,
  });
  if (!answer) return kept?.games ?? [];
  keep({ etag: answer.etag, games: answer.data });
  return answer.data;
}

export const gameListKey = ['game-list'] as const;

/**
 * The game list: the kept one shows at once (as stale data, so it is refreshed in the background on
 * the first use of each visit); without one, the list loads.
 */
export const gameListQueryOptions = () =>
  queryOptions({
    queryKey: gameListKey,
    queryFn: ({ signal }) => getGameList(signal),
    initialData: () => readKept()?.games,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

/**
 * The game list as a page shows it. `afterFirstScreen`: a page whose first screen is not the list
 * (home: the banners) asks it once the page is idle, so that it does not share the phone's network with
 * what the first screen waits for; a kept list shows at once all the same.
 */
export const useGameList = ({ afterFirstScreen = false } = {}) => {
  const idle = usePageIdle(afterFirstScreen);
  return useQuery({ ...gameListQueryOptions(), enabled: idle });
};
