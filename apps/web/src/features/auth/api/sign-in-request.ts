import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiResult } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';

export interface SignedIn {
  message: string;
  token: string;
}

/** A POST answered with a new session (login, register): the server's message and the session's token. */
export async function signInRequest(
  path: '/api/login_pc' | '/api/register',
  body: object,
  { toastError = true } = {},
): Promise<SignedIn> {
  const { message, data } = await apiResult(path, schemas.token, {
    body,
    loading: true,
    toastError,
    // No session is at stake here: any refusal, 401 included, is shown as the server words it.
    handleUnauthorized: false,
  });
  return { message, token: data.api_token };
}

/**
 * The mutation of a sign-in request; the captcha key is spent, so a fresh captcha is fetched, unless
 * `keepsCaptcha` says the answer kept the captcha answered.
 */
export function useSignInMutation<Input, Answer>(
  request: (input: Input) => Promise<Answer>,
  keepsCaptcha: (answer: Answer | undefined) => boolean = () => false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: (answer) =>
      keepsCaptcha(answer) ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.captcha }),
  });
}
