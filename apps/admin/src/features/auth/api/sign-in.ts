import { sessionStateSchema } from '@app/contract/admin/auth';
import { api, command } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { adoptSession } from '@/shared/session/session';

const step = (path: string) => async (body: object) => {
  const state = await api(sessionStateSchema, path, { method: 'POST', body });
  adoptSession(state);
  return state;
};

/** Username and password: answers the next stage (the code, or enrolment the first time). */
export const signInWithPassword = step('/auth/sign-in');
/** The authenticator's code; the first one enrols it. */
export const submitCode = step('/auth/totp');
/** A new password: forced at the first sign-in, or chosen on the account page. */
export const changePassword = step('/auth/password');

async function leave(path: string) {
  const message = await command(path);
  adoptSession(null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  return message;
}

export const signOut = () => leave('/auth/sign-out');
export const signOutEverywhere = () => leave('/auth/sign-out-everywhere');
