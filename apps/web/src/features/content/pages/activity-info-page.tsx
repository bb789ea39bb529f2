import { apiAssetUrl } from '@/shared/api/asset-url';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href } from '@/shared/routes/paths';
import { useSearchParams } from '@/shared/routes/router/react';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { toast } from '@/shared/ui/feedback';
import { GoldButton } from '@/shared/ui/gold-button';
import { LazyImage } from '@/shared/ui/lazy-image';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { SafeHtml } from '@/shared/ui/safe-html';
import { useApplyForActivity } from '../api/apply-activity';
import { useActivityDetail } from '../api/get-activity-detail';
import styles from './activity-info-page.module.css';

/**
 * /activityInfo?id, 活动详情 (spec 2): the banner, title, content and memo (both sanitised HTML), and
 * 立即申请 for a logged-in player (once: 已申请 after), 登录后申请 (to login, back here after) otherwise.
 */
export function ActivityInfoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const loggedIn = useIsLoggedIn();
  const go = useAppNavigate();
  const detail = useActivityDetail(id);
  const apply = useApplyForActivity();
  const activity = detail.data;

  const onApply = () => {
    if (!loggedIn) {
      go(href.login({ redirect: href.activityInfo(id) }));
      return;
    }
    if (apply.isPending) return;
    apply.mutate(id, { onSuccess: (message) => toast.success(message) });
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.activityInfo} />
      {id === 0 ? (
        <EmptyState>{TC.activityMissing}</EmptyState>
      ) : detail.isPending ? (
        <Loading />
      ) : !activity ? (
        <EmptyState onRetry={() => void detail.refetch()}>{TC.loadFailed}</EmptyState>
      ) : (
        <>
          <LazyImage src={apiAssetUrl(activity.banner)} className={styles.banner} eager />
          <article className={styles.body}>
            <h2 className={styles.title} data-testid="activity-title">
              {activity.title}
            </h2>
            <section className={styles.section} aria-label={TC.activityContent}>
              <h3 className={styles.heading}>{TC.activityContent}</h3>
              <SafeHtml html={activity.content} testId="activity-content" />
            </section>
            {activity.memo ? (
              <section className={styles.section} aria-label={TC.activityMemo}>
                <h3 className={styles.heading}>{TC.activityMemo}</h3>
                <SafeHtml html={activity.memo} className={styles.memo} testId="activity-memo" />
              </section>
            ) : null}
          </article>
          <div className={styles.footer}>
            <GoldButton
              onClick={onApply}
              loading={apply.isPending}
              disabled={loggedIn && activity.applied === 1}
            >
              {!loggedIn ? TC.applyAfterLogin : activity.applied === 1 ? TC.applied : TC.apply}
            </GoldButton>
          </div>
        </>
      )}
    </div>
  );
}
