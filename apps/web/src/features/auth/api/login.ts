import type { LoginInput } from '@app/contract/auth-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';

/** POST /api/login_pc: answers the server's message and the new session's token. */
export async function login(input: LoginInput): Promise<{ message: string; token: string }> {
  const { message, data } = await apiResult('/api/login_pc', schemas.token, {
    body: input,
    loading: true,
    // No session is at stake here: any refusal, 401 included, is shown as the server words it.
    handleUnauthorized: false,
  });
  return { message, token: data.api_token };
}

/** Logs in; whatever the answer, the captcha key is spent, so a fresh captcha is fetched. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.captcha }),
  });
}
