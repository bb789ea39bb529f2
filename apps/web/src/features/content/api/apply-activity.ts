import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { activityApplicationsKey } from './get-activity-applications';
import { activityDetailKey } from './get-activity-detail';

/** POST /api/activityApply (login): applies once; answers the server's message (申请成功，请等待审核). */
export async function applyForActivity(id: number): Promise<string> {
  const { message } = await apiRequest('/api/activityApply', { body: { id }, loading: true });
  return message;
}

/**
 * Applies, then reloads the detail (now applied) and the application records. A refusal (applied
 * before: 409) was toasted by the client; the detail is reloaded too, so the button shows 已申请.
 */
export function useApplyForActivity() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: activityDetailKey }),
      queryClient.invalidateQueries({ queryKey: activityApplicationsKey }),
    ]);
  return useMutation({
    mutationFn: applyForActivity,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError) void refresh();
    },
  });
}
