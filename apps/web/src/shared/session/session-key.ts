/** Where the session (session-store.ts) is kept in local storage. */
export const SESSION_STORAGE_KEY = 'session';

/** Whether a signed-in player's token is stored: read without the store, for the app's entry. */
export function hasStoredToken(storage: Storage): boolean {
  try {
    const saved = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      state?: { token?: unknown };
    } | null;
    return typeof saved?.state?.token === 'string';
  } catch {
    return false;
  }
}
