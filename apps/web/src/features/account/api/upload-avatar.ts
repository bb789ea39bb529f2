import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';

/**
 * POST /api/uploadimg (spec 7): the picture as the multipart field `file`; answers the new avatar's
 * path and 上传成功. The server checks the bytes (PNG or GIF, 2 MB, 2048 px a side) and words the
 * refusals, which the client toasts.
 */
export async function uploadAvatar(file: File): Promise<{ message: string; avatar: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { message, data } = await apiResult('/api/uploadimg', schemas.avatar, {
    body: form,
    loading: true,
  });
  return { message, avatar: data.avatar };
}

/** Uploads, then reloads the player's info (which carries the avatar). */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
