import { pageOf } from '@app/contract/admin/fields';
import {
  type PlayerRecordList,
  type PlayerSearchQuery,
  playerBalancesSchema,
  playerProfileSchema,
  rowSchema,
} from '@app/contract/admin/players';
import { playerProtectionSchema } from '@app/contract/protection';
import { queryOptions } from '@tanstack/react-query';
import { api, download, type Query } from '@/shared/api/client';

export type SearchFilters = Pick<PlayerSearchQuery, 'field' | 'q' | 'status'>;
type Paging = Query;

const rowsPage = pageOf(rowSchema);

export const searchPlayers = (filters: SearchFilters, paging: Paging) =>
  api(rowsPage, '/players', { query: { ...filters, ...paging } });

export const exportPlayers = (filters: SearchFilters, paging: Paging) =>
  download('/players/export', { ...filters, ...paging });

/** The player's page; every load is an audit row, so it is asked for once per visit. */
export const playerProfileQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id, 'profile'],
    queryFn: () => api(playerProfileSchema, `/players/${id}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Balances asked of the venues now: refreshed on demand. */
export const playerBalancesQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id, 'balances'],
    queryFn: () => api(playerBalancesSchema, `/players/${id}/balances`),
    staleTime: 0,
  });

export const fetchRecords = (id: number, list: PlayerRecordList, paging: Paging) =>
  api(rowsPage, `/players/${id}/records/${list}`, { query: paging });

export const exportRecords = (id: number, list: PlayerRecordList, paging: Paging) =>
  download(`/players/${id}/records/${list}/export`, paging);

/** The player's limits, time-outs and exclusions, read-only; an audit row per load, so asked once per visit. */
export const playerProtectionQuery = (id: number) =>
  queryOptions({
    queryKey: ['player', id, 'protection'],
    queryFn: () => api(playerProtectionSchema, `/players/${id}/protection`),
    staleTime: Number.POSITIVE_INFINITY,
  });
