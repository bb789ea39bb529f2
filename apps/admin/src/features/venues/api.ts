import { pageOf } from '@app/contract/admin/fields';
import { rowSchema } from '@app/contract/admin/players';
import { type GameQuery, venueRowSchema } from '@app/contract/admin/venues';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type Query } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

export const venuesQuery = queryOptions({
  queryKey: ['venues'],
  queryFn: () => api(z.array(venueRowSchema), '/venues'),
});

/** Opens, closes, or puts a venue into or out of maintenance (every server process at once). */
export async function setVenueStatus(
  code: string,
  change: { enabled?: boolean; maintenance?: boolean },
  reason: string,
): Promise<string> {
  await api(z.object({ code: z.string() }), `/venues/${encodeURIComponent(code)}/status`, {
    method: 'POST',
    body: { ...change, reason },
  });
  await queryClient.invalidateQueries({ queryKey: ['venues'] });
  return '已保存，所有服务立即生效';
}

export type GameFilters = Pick<GameQuery, 'venue' | 'category' | 'q' | 'app_state'>;

export const fetchGames = (filters: GameFilters, paging: Query) =>
  api(pageOf(rowSchema), '/games', { query: { ...filters, ...paging } });

export interface GameSettings {
  app_state?: 0 | 1;
  is_hot?: 0 | 1;
  is_new?: 0 | 1;
  sort?: number;
  category?: string;
}

export async function changeGame(id: number, change: GameSettings, reason: string): Promise<string> {
  await api(rowSchema, `/games/${id}`, { method: 'POST', body: { ...change, reason } });
  await queryClient.invalidateQueries({ queryKey: ['games'] });
  return '已保存，玩家端游戏列表已更新';
}
