import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { cardsKey } from '@/shared/wallet/get-cards';

/** The body of /api/bindcard (spec 7). A USDT address: bank 'USDT', bank_owner its protocol. */
export interface BindCardInput {
  bank_owner: string;
  bank: string;
  bank_no: string;
  bank_address: string;
  pay_pass: string;
  totp_code?: string;
}

/** POST /api/bindcard: binds a bank card or a USDT address; answers a message (绑定成功). */
export async function bindCard(input: BindCardInput): Promise<string> {
  const { message } = await apiRequest('/api/bindcard', { body: input, loading: true });
  return message;
}

/** Binds, then reloads the card lists. */
export function useBindCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
}
