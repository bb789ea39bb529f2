import type { AppInfo, UserInfo } from '@app/contract/user';
import { create } from 'zustand';
import { createJSONStorage, type PersistStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from './session-key';

/** The client session of spec 3 ("local client state"), persisted in local storage. */
export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  appInfo: AppInfo | null;
  messageNum: number;
  setToken: (token: string) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  setAppInfo: (appInfo: AppInfo) => void;
  setMessageNum: (messageNum: number) => void;
  /** Forgets the player (token, user, unread count); the app info is not the player's and stays. */
  resetSession: () => void;
}

type Persisted = Pick<SessionState, 'token' | 'userInfo' | 'appInfo' | 'messageNum'>;

/**
 * Local storage holds the client state only while a player is logged in: once signed out (a logout
 * or a 401, which clear all storage, spec 4) a late answer that updates the store, such as the app
 * info, must not write it back.
 */
function signedInOnly(storage: PersistStorage<Persisted> | undefined): PersistStorage<Persisted> | undefined {
  if (!storage) return storage;
  return {
    ...storage,
    setItem: (name, value) =>
      value.state.token === null ? storage.removeItem(name) : storage.setItem(name, value),
  };
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      userInfo: null,
      appInfo: null,
      messageNum: 0,
      setToken: (token) => set({ token }),
      setUserInfo: (userInfo) => set({ userInfo }),
      setAppInfo: (appInfo) => set({ appInfo }),
      setMessageNum: (messageNum) => set({ messageNum }),
      resetSession: () => set({ token: null, userInfo: null, messageNum: 0 }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: signedInOnly(createJSONStorage(() => localStorage)),
      partialize: ({ token, userInfo, appInfo, messageNum }) => ({
        token,
        userInfo,
        appInfo,
        messageNum,
      }),
    },
  ),
);

/** Logged in means a token is held (spec 4). */
export const useIsLoggedIn = () => useSession((s) => s.token !== null);
export const getToken = () => useSession.getState().token;
