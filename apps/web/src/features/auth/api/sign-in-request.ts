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
): Promise<SignedIn> {
  const { message, data } = await apiResult(path, schemas.token, {
    body,
    loading: true,
    // No session is at stake here: any refusal, 401 included, is shown as the server words it.
    handleUnauthorized: false,
  });
  return { message, token: data.api_token };
}

/** The mutation of a sign-in request; whatever the answer, the captcha key is spent, so a fresh captcha is fetched. */
export function useSignInMutation<Input>(request: (input: Input) => Promise<SignedIn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.captcha }),
  });
}
