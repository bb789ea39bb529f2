import type { LoginInput } from '@app/contract/auth-rules';
import { signInRequest, useSignInMutation } from './sign-in-request';

/** POST /api/login_pc: answers the server's message and the new session's token. */
export const login = (input: LoginInput) => signInRequest('/api/login_pc', input);

/** Logs in; whatever the answer, the captcha key is spent, so a fresh captcha is fetched. */
export const useLogin = () => useSignInMutation(login);
