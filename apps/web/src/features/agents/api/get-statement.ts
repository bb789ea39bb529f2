import { AGENT_ROUTES, type Statement } from '@app/contract/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { statementsKey } from './get-statements';

export type { Statement };

/** GET /api/agent/statements/:id: one statement with a line per player and its sub-agent overrides. */
export const getStatement = (id: number, signal?: AbortSignal) =>
  apiData(AGENT_ROUTES.statement(id), schemas.statement, { method: 'GET', signal });

export const statementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...statementsKey, id] as const,
    queryFn: ({ signal }) => getStatement(id, signal),
  });

/** The statement `id`, or nothing while `id` is null (no statement open). */
export const useStatement = (id: number | null) =>
  useQuery({ ...statementQueryOptions(id ?? 0), enabled: id !== null });
