import { isPublicQueryKey, queryClient } from '@/shared/api/query-client';
import { useSession } from './session-store';

/**
 * Forgets the player everywhere (spec 4): the store, every query that belongs to them, and all of
 * local and session storage. The store is reset first so that its persistence cannot write the old
 * session back after the storage is cleared.
 */
export function signOut() {
  useSession.getState().resetSession();
  queryClient.removeQueries({ predicate: (query) => !isPublicQueryKey(query.queryKey) });
  localStorage.clear();
  sessionStorage.clear();
}
