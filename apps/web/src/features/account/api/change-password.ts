import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { totpCodeOf } from '@/shared/ui/totp-code-field';

/** Which password /password?type= changes (spec 2): 1 the login password, 2 the withdrawal (pay) one. */
export type PasswordKind = 1 | 2;

const PATHS: Record<PasswordKind, string> = { 1: '/api/editPassword', 2: '/api/editPayPassword' };

/**
 * POST /api/editPassword or /api/editPayPassword (spec 7): `password` is the old one, `paypassword`
 * the new one; answers 密码修改成功！. A login password change ends every session of the player.
 */
export async function changePassword(input: {
  kind: PasswordKind;
  old: string;
  next: string;
  /** The authenticator code, asked of a player with two-factor on. */
  code?: string;
}): Promise<string> {
  const { message } = await apiRequest(PATHS[input.kind], {
    body: { password: input.old, paypassword: input.next, ...totpCodeOf(input.code ?? '') },
    loading: true,
    endsOwnSession: input.kind === 1,
  });
  return message;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
