import { resetPasswordAnswerSchema } from '@app/contract/admin/players';
import { api, command } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

/** After an action the player's page and lists are read again (each read audited, as it should be). */
const refresh = (id: number) => queryClient.invalidateQueries({ queryKey: ['player', id] });

async function act(id: number, path: string, body: object): Promise<string> {
  const message = await command(`/players/${id}/${path}`, body);
  await refresh(id);
  return message;
}

export const freezePlayer = (id: number, reason: string) => act(id, 'freeze', { reason });
export const unfreezePlayer = (id: number, reason: string) => act(id, 'unfreeze', { reason });
export const unlockPlayer = (id: number, lock: 'login' | 'pay', reason: string) =>
  act(id, 'unlock', { lock, reason });
export const endPlayerSessions = (id: number, reason: string) => act(id, 'end-sessions', { reason });
export const setPlayerAgent = (id: number, isAgent: 0 | 1, reason: string) =>
  act(id, 'agent', { is_agent: isAgent, reason });
export const setPlayerVip = (id: number, level: number, reason: string) => act(id, 'vip', { level, reason });

/** A new random password, shown to the operator once. */
export async function resetPlayerPassword(id: number, which: 'login' | 'pay', reason: string) {
  const answer = await api(resetPasswordAnswerSchema, `/players/${id}/reset-password`, {
    method: 'POST',
    body: { which, reason },
  });
  await refresh(id);
  return answer.password;
}
