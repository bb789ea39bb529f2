import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** POST /api/activitytype: the activity types, the tabs after 全部 on /activity. */
export const getActivityTypes = (signal?: AbortSignal) =>
  apiData('/api/activitytype', schemas.activityTypes, { signal });

export const activityTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['activity-types'] as const,
    queryFn: ({ signal }) => getActivityTypes(signal),
    staleTime: 5 * 60_000,
  });

export const useActivityTypes = () => useQuery(activityTypesQueryOptions());
