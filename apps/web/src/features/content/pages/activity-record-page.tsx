import { ApplicationState } from '@app/contract/status';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { RecordsList } from '@/shared/ui/records-list';
import { activityApplicationsKey, getActivityApplications } from '../api/get-activity-applications';
import styles from './activity-record-page.module.css';

/** An application's state in words (spec 4): 1 待审核, 2 已通过, 3 已拒绝. */
export const applicationStateText = (state: number): string => TC.applicationState[state] ?? TC.unknownState;

const STATE_TONE: Record<number, string | undefined> = {
  [ApplicationState.pending]: styles.pending,
  [ApplicationState.approved]: styles.approved,
  [ApplicationState.rejected]: styles.rejected,
};

interface Application {
  id: number;
  activity_name: string;
  created_at: string;
  state: number;
}

/**
 * /activityRecord, 活动记录 (spec 2, login required): the player's activity applications through the
 * shared records list, page by page to last_page. The server keeps no date filter for them, so the
 * list shows none; each application with its activity, time and state in words.
 */
export function ActivityRecordPage() {
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.activityRecord} />
      <RecordsList<Application>
        label={TITLE.activityRecord}
        queryKey={activityApplicationsKey}
        fetchPage={getActivityApplications}
        dateFilter={false}
        emptyText={TC.noApplications}
        itemKey={(application) => application.id}
        renderItem={(application) => (
          <article className={styles.record} data-testid="activity-application">
            <div className={styles.line}>
              <span className={styles.name}>{application.activity_name}</span>
              <span
                className={[styles.state, STATE_TONE[application.state] ?? ''].join(' ')}
                data-testid="application-state"
              >
                {applicationStateText(application.state)}
              </span>
            </div>
            <div className={styles.meta}>
              {TC.appliedAt} {application.created_at}
            </div>
          </article>
        )}
      />
    </div>
  );
}
