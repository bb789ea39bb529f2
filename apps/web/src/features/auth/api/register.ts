import type { RegisterInput } from '@app/contract/auth-rules';
import { signInRequest, useSignInMutation } from './sign-in-request';

/** POST /api/register: answers the server's message (注册成功) and the new session's token. */
export const register = (input: RegisterInput) => signInRequest('/api/register', input);

/** Registers; whatever the answer, the captcha key is spent, so a fresh captcha is fetched. */
export const useRegister = () => useSignInMutation(register);
