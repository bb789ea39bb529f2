import type { ActivityDetail } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { useIsLoggedIn } from '@/shared/session/session-store';

export type { ActivityDetail };

/** POST /api/activitydeatil (sic, spec 7): banner, title, content and memo HTML, and whether applied. */
export const getActivityDetail = (id: number, signal?: AbortSignal) =>
  apiData('/api/activitydeatil', schemas.activityDetail, { body: { id }, signal });

export const activityDetailKey = ['activity-detail'] as const;

/** The detail depends on who asks (applied), so the key holds whether a player is logged in. */
export const activityDetailQueryOptions = (id: number, loggedIn: boolean) =>
  queryOptions({
    queryKey: [...activityDetailKey, id, loggedIn] as const,
    queryFn: ({ signal }) => getActivityDetail(id, signal),
  });

export function useActivityDetail(id: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...activityDetailQueryOptions(id, loggedIn), enabled: id > 0 });
}
