import { apiAssetUrl } from '@/shared/api/asset-url';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href } from '@/shared/routes/paths';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { IconChevronRight } from '@/shared/ui/icons';
import { LazyImage } from '@/shared/ui/lazy-image';
import { useSponsors } from '../api/get-sponsors';
import styles from './sponsor-page.module.css';

/** /zhanzhu, 赞助合作 (spec 2; cached): the two sponsor cards, each opening its page on /zhanzhuye. */
export function SponsorPage() {
  const go = useAppNavigate();
  const { data: sponsors, isPending, refetch } = useSponsors();
  if (isPending) return <Loading />;
  if (!sponsors) return <EmptyState onRetry={() => void refetch()}>{TC.loadFailed}</EmptyState>;
  return (
    <ul className={styles.list} data-testid="sponsor-page">
      {sponsors.map((sponsor) => (
        <li key={sponsor.type}>
          <button
            type="button"
            className={styles.card}
            data-testid="sponsor-card"
            onClick={() => go(href.zhanzhuye(sponsor.type === 2 ? 2 : 1))}
          >
            <LazyImage src={apiAssetUrl(sponsor.image)} className={styles.picture} eager />
            <span className={styles.text}>
              <span className={styles.title}>{sponsor.title}</span>
              <span className={styles.subtitle}>{sponsor.subtitle}</span>
            </span>
            <span className={styles.more}>
              {TC.sponsorMore}
              <IconChevronRight />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
