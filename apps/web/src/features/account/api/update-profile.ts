import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-client';

/** The body of /api/updateuserinfo (spec 7): the three fields a player may change. */
export interface ProfileInput {
  email: string;
  mobile: string;
  birthday: string;
}

/** POST /api/updateuserinfo: answers 操作成功. */
export async function updateProfile(input: ProfileInput): Promise<string> {
  const { message } = await apiRequest('/api/updateuserinfo', { body: input, loading: true });
  return message;
}

/** Saves the profile, then reloads the player's info. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
