import { type AuditQuery, auditRowSchema } from '@app/contract/admin/audit';
import { pageOf } from '@app/contract/admin/fields';
import { api, download, type Query } from '@/shared/api/client';

export type AuditFilters = Pick<AuditQuery, 'operator' | 'action' | 'target_type' | 'target_id'> & {
  from?: string;
  to?: string;
};

export const searchAudit = (filters: AuditFilters, paging: Query) =>
  api(pageOf(auditRowSchema), '/audit', { query: { ...filters, ...paging } });

export const exportAudit = (filters: AuditFilters, paging: Query) =>
  download('/audit/export', { ...filters, ...paging });
