import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

export interface AgentApplication {
  mobile: string;
  apply_info: string;
}

/** POST /api/applyagentdo (login): the partner-programme application; answers the server's message. */
export async function applyForAgency(input: AgentApplication): Promise<string> {
  const { message } = await apiRequest('/api/applyagentdo', { body: input, loading: true });
  return message;
}

export const useApplyForAgency = () => useMutation({ mutationFn: applyForAgency });
