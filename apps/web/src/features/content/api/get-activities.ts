import type { Activity } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { Activity };

/** POST /api/activitylist: the activities, all of them or those of one type (spec 7: data.data). */
export async function getActivities(type: number | undefined, signal?: AbortSignal): Promise<Activity[]> {
  const { data } = await apiData('/api/activitylist', schemas.activityList, {
    body: type === undefined ? {} : { type },
    signal,
  });
  return data;
}

export const activitiesKey = ['activities'] as const;

export const activitiesQueryOptions = (type?: number) =>
  queryOptions({
    queryKey: [...activitiesKey, type ?? 'all'] as const,
    queryFn: ({ signal }) => getActivities(type, signal),
    staleTime: 60_000,
  });

export const useActivities = (type?: number) => useQuery(activitiesQueryOptions(type));
