import type { LoginInput } from '@app/contract/auth-rules';
import { ApiError } from '@/shared/api/api-error';
import { schemas } from '@/shared/api/contract';
import { toast } from '@/shared/ui/feedback';
import { type SignedIn, signInRequest, useSignInMutation } from './sign-in-request';

/**
 * What a login answers: the new session, or, on an account with two-factor on and no code sent, the
 * code's step (no failure): the key the captcha answered stands under while the code is asked.
 */
export type LoginAnswer = ({ codeNeeded: false } & SignedIn) | { codeNeeded: true; captchaKey: string };

/** POST /api/login_pc: a refusal shows as a toast; the code's step shows none. */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  try {
    return { codeNeeded: false, ...(await signInRequest('/api/login_pc', input, { toastError: false })) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const step = (await schemas.codeNeeded()).safeParse(error.data);
    if (step.success) return { codeNeeded: true, captchaKey: step.data.captcha_key };
    toast.error(error.message);
    throw error;
  }
}

/** Logs in; the captcha key is spent, so a fresh captcha is fetched, unless the answer asks for the code. */
export const useLogin = () => useSignInMutation(login, (answer) => answer?.codeNeeded === true);
