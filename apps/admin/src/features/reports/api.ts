import { dashboardSchema, type ReportQuery, reportSchema } from '@app/contract/admin/reports';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '@/shared/api/client';

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
