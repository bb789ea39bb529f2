import { MSG } from '@app/contract/messages';
import { useCallback } from 'react';
import { apiRequest } from '@/shared/api/client';
import { T } from '@/shared/i18n/zh-cn';
import { navigateTo } from '@/shared/navigation/navigator';
import { PATH } from '@/shared/routes/paths';
import { dialog } from '@/shared/ui/feedback';
import { useSession } from './session-store';
import { signOut } from './sign-out';

/**
 * POST /api/logoff, wrapped in the logout flow of spec 4: confirm 确定退出？, then forget everything
 * and go to /login even when the call fails. The session is dropped before the call so that no
 * poll can run with the token being revoked.
 */
export async function logout(): Promise<boolean> {
  const confirmed = await dialog.confirm({
    content: MSG.logoutConfirm,
    confirmText: T.confirm,
    cancelText: T.cancel,
  });
  if (!confirmed) return false;
  await logoutNow();
  return true;
}

/** Logs out without asking (the player chose 退出登录 in a dialog already). */
export async function logoutNow(): Promise<void> {
  const token = useSession.getState().token;
  signOut();
  await apiRequest('/api/logoff', { token, toastError: false, handleUnauthorized: false }).catch(
    () => undefined,
  );
  navigateTo(PATH.login, { replace: true });
}

export const useLogout = () => useCallback(() => logout(), []);
