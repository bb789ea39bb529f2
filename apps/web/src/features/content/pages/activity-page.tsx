import { ACTIVITY_CATEGORIES } from '@app/contract/content-rules';
import { useState } from 'react';
import { firstScreenAnswers } from '@/shared/api/first-screen';
import { queryClient } from '@/shared/api/query-client';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { IconReceipt } from '@/shared/ui/page-icons';
import { PageTabs } from '@/shared/ui/page-tabs';
import { TabButtons } from '@/shared/ui/tab-buttons';
import { type Activity, activitiesQueryOptions, useActivities } from '../api/get-activities';
import { activityTypesQueryOptions, useActivityTypes } from '../api/get-activity-types';
import { ActivityCard } from '../components/activity-card';
import styles from './activity-page.module.css';

const ALL = 'all';
/** The cards a phone's first screen holds (the entry preloads their pictures: shared/api/early-answers.ts). */
const FIRST_SCREEN_CARDS = 2;
/** The left list under 全部 (spec 2): 1 综合 shows every activity, 2 棋牌 and 3 捕鱼 their own. */
const COMPREHENSIVE = 1;
const CATEGORY_TABS = ACTIVITY_CATEGORIES.map((c) => ({ key: c.id, label: c.name }));

/** What /activity's first screen shows from the server before its first render: the type tabs and the activities (their pictures are the largest). */
export const activityFirstScreen = () =>
  firstScreenAnswers([
    queryClient.prefetchQuery(activityTypesQueryOptions()),
    queryClient.prefetchQuery(activitiesQueryOptions()),
  ]);

/**
 * /activity, 优惠活动 (spec 2; cached, no shell header): tabs 全部 plus the server's activity types;
 * under 全部 the left list 综合, 棋牌, 捕鱼. Each activity shows its banner and title and opens its
 * detail. The 领取记录 button goes to the red packet (/hongbao).
 */
export function ActivityPage() {
  const go = useAppNavigate();
  const [tab, setTab] = useState<string>(ALL);
  const [cate, setCate] = useState<number>(COMPREHENSIVE);
  const types = useActivityTypes();
  const tabs = [
    { key: ALL, label: TC.activityAll },
    ...(types.data ?? []).map((t) => ({ key: String(t.id), label: t.name })),
  ];

  return (
    <div className={styles.page} data-testid="activity-page">
      <header className={styles.top}>
        <h1 className={styles.title}>{TITLE.activity}</h1>
        <button type="button" className={styles.record} onClick={() => go(PATH.hongbao)}>
          <IconReceipt />
          {TC.receiveRecord}
        </button>
      </header>
      <PageTabs tabs={tabs} active={tab} onChange={setTab} />
      {tab === ALL ? (
        <div className={styles.split}>
          <TabButtons
            tabs={CATEGORY_TABS}
            active={cate}
            onChange={setCate}
            label={TC.activityCategories}
            orientation="vertical"
            classes={{ list: styles.side, tab: styles.category, active: styles.categoryActive }}
          />
          <ActivityList
            filter={(a) => cate === COMPREHENSIVE || a.cate === cate}
            onOpen={(id) => go(href.activityInfo(id))}
          />
        </div>
      ) : (
        <ActivityList key={tab} type={Number(tab)} onOpen={(id) => go(href.activityInfo(id))} />
      )}
    </div>
  );
}

interface ActivityListProps {
  /** One type's activities (a type tab), or all of them (全部). */
  type?: number;
  filter?: (activity: Activity) => boolean;
  onOpen: (id: number) => void;
}

function ActivityList({ type, filter, onOpen }: ActivityListProps) {
  const { data, isPending, isError, refetch } = useActivities(type);
  if (isPending)
    return (
      <div className={styles.list}>
        <Loading />
      </div>
    );
  if (isError && !data)
    return (
      <div className={styles.list}>
        <EmptyState onRetry={() => void refetch()}>{TC.loadFailed}</EmptyState>
      </div>
    );
  const shown = filter ? data.filter(filter) : data;
  return (
    <ul className={styles.list} aria-label={TC.activityTypes}>
      {shown.length === 0 ? (
        <li>
          <EmptyState>{TC.noActivities}</EmptyState>
        </li>
      ) : (
        shown.map((activity, index) => (
          <li key={activity.id}>
            <ActivityCard
              activity={activity}
              onOpen={() => onOpen(activity.id)}
              eager={index < FIRST_SCREEN_CARDS}
            />
          </li>
        ))
      )}
    </ul>
  );
}
