import { apiKeyRowSchema, newApiKeySchema, operatorSessionRowSchema } from '@app/contract/admin/operators';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, command } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

export const mySessionsQuery = queryOptions({
  queryKey: ['me', 'sessions'],
  queryFn: () => api(z.array(operatorSessionRowSchema), '/me/sessions'),
});

export const myApiKeysQuery = queryOptions({
  queryKey: ['me', 'api-keys'],
  queryFn: () => api(z.array(apiKeyRowSchema), '/me/api-keys'),
});

const refreshKeys = () => queryClient.invalidateQueries({ queryKey: myApiKeysQuery.queryKey });

/** A new key for scripts, shown once. */
export async function createApiKey(label: string) {
  const created = await api(newApiKeySchema, '/me/api-keys', { method: 'POST', body: { label } });
  await refreshKeys();
  return created;
}

export async function revokeApiKey(id: number) {
  const message = await command(`/me/api-keys/${id}/revoke`);
  await refreshKeys();
  return message;
}
