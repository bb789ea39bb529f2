import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import type { RecordsPageQuery } from '@/shared/ui/records-list';

/** Root of the application-record queries (the records list asks again each time it shows). */
export const activityApplicationsKey = ['activity-applications'] as const;

/** POST /api/activityApplyLog (login): one page of the player's applications (no date filter). */
export const getActivityApplications = ({ page, signal }: RecordsPageQuery) =>
  apiData('/api/activityApplyLog', schemas.activityApplicationPage, { body: { page }, signal });
