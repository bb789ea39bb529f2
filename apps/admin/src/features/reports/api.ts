import { AGENT_ADMIN_ROUTES, commissionReportSchema } from '@app/contract/admin/agents';
import { dashboardSchema, type ReportQuery, reportSchema } from '@app/contract/admin/reports';
import { queryOptions } from '@tanstack/react-query';
import { api, apiPath, download } from '@/shared/api/client';

export const reportQuery = (range: ReportQuery) =>
  queryOptions({
    queryKey: ['reports', range.from, range.to],
    queryFn: () => api(reportSchema, '/reports', { query: range }),
  });

export const exportReport = (range: ReportQuery) => download('/reports/export', range);

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => api(dashboardSchema, '/dashboard'),
  refetchInterval: 60_000,
});

export interface MonthRange {
  from: string;
  to: string;
}

/** Commission paid per Beijing month (`YYYY-MM`), from the ledger. */
export const commissionReportQuery = (range: MonthRange) =>
  queryOptions({
    queryKey: ['reports', 'commission', range.from, range.to],
    queryFn: () =>
      api(commissionReportSchema, apiPath(AGENT_ADMIN_ROUTES.commissionReport), {
        query: { ...range },
      }),
  });
