import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { cardsKey } from '@/shared/wallet/get-cards';

/** POST /api/delcard: unbinds one of the player's cards; answers a message (解绑成功). */
export async function deleteCard(id: number): Promise<string> {
  const { message } = await apiRequest('/api/delcard', { body: { id }, loading: true });
  return message;
}

/** Unbinds, then reloads the card lists. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
