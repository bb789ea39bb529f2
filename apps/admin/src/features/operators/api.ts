import {
  apiKeyRowSchema,
  type CreateOperatorBody,
  newOperatorSchema,
  operatorRowSchema,
} from '@app/contract/admin/operators';
import type { OperatorRole } from '@app/contract/admin/roles';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, command } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

export const operatorsQuery = queryOptions({
  queryKey: ['operators'],
  queryFn: () => api(z.array(operatorRowSchema), '/operators'),
});

export const allApiKeysQuery = queryOptions({
  queryKey: ['operators', 'api-keys'],
  queryFn: () => api(z.array(apiKeyRowSchema), '/api-keys'),
});

const refresh = () => queryClient.invalidateQueries({ queryKey: ['operators'] });

export async function createOperator(body: CreateOperatorBody) {
  const created = await api(newOperatorSchema, '/operators', { method: 'POST', body });
  await refresh();
  return created;
}

async function change(path: string, body: object) {
  const message = await command(path, body);
  await refresh();
  return message;
}

export const setOperatorRole = (id: number, role: OperatorRole, reason: string) =>
  change(`/operators/${id}/role`, { role, reason });
export const operatorAction = (
  id: number,
  action: 'disable' | 'enable' | 'reset-totp' | 'unlock',
  reason: string,
) => change(`/operators/${id}/${action}`, { reason });
export const revokeOperatorKey = (id: number, reason: string) => change(`/api-keys/${id}/revoke`, { reason });

export async function resetOperatorPassword(id: number, reason: string) {
  const answer = await api(z.object({ password: z.string() }), `/operators/${id}/reset-password`, {
    method: 'POST',
    body: { reason },
  });
  await refresh();
  return answer.password;
}
