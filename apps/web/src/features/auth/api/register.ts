import type { RegisterInput } from '@app/contract/auth-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';

/** POST /api/register: answers the server's message (注册成功) and the new session's token. */
export async function register(input: RegisterInput): Promise<{ message: string; token: string }> {
  const { message, data } = await apiResult('/api/register', schemas.token, {
    body: input,
    loading: true,
    // No session is at stake here: any refusal, 401 included, is shown as the server words it.
    handleUnauthorized: false,
  });
  return { message, token: data.api_token };
}

/** Registers; whatever the answer, the captcha key is spent, so a fresh captcha is fetched. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.captcha }),
  });
}
