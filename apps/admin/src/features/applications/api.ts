import type { ApplicationKind, ApplicationQuery } from '@app/contract/admin/applications';
import { pageOf } from '@app/contract/admin/fields';
import { rowSchema } from '@app/contract/admin/players';
import { api, command, type Query } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

const rowsPage = pageOf(rowSchema);

export type ApplicationFilters = Pick<ApplicationQuery, 'state' | 'player' | 'from' | 'to'>;

export const fetchApplications = (kind: ApplicationKind, filters: ApplicationFilters, paging: Query) =>
  api(rowsPage, `/applications/${kind}`, { query: { ...filters, ...paging } });

export interface DecisionInput {
  decision: 'approve' | 'reject';
  note: string;
  bonus?: number;
  turnover_multiple?: number;
}

/** Decides an application; the queue is read again after it, whatever the answer. */
export async function decideApplication(kind: ApplicationKind, id: number, input: DecisionInput) {
  try {
    return await command(`/applications/${kind}/${id}/decide`, input);
  } finally {
    await queryClient.invalidateQueries({ queryKey: ['applications', kind] });
  }
}
