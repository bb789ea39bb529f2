import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href } from '@/shared/routes/paths';
import { IconChevronRight } from '@/shared/ui/icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { useHelpArticles } from '../api/get-article';
import styles from './help-page.module.css';

const TYPES = TC.helpArticles.map(([type]) => type);

/**
 * /boutBallBet, 帮助中心 (spec 2): the help articles 1-8 by title, each opening /boutBallBetInfo?type.
 * The titles are the server's (the articles are fetched together and kept, so one opens at once); the
 * catalogue's names show until they arrive.
 */
export function HelpPage() {
  const go = useAppNavigate();
  const articles = useHelpArticles(TYPES);
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.boutBallBet} />
      <p className={styles.intro}>{TC.helpIntro}</p>
      <ul className={styles.list} aria-label={TITLE.boutBallBet}>
        {TC.helpArticles.map(([type, name], i) => (
          <li key={type}>
            <button type="button" className={styles.entry} onClick={() => go(href.helpArticle(type))}>
              <span className={styles.number}>{String(type).padStart(2, '0')}</span>
              <span className={styles.name}>{articles[i]?.data?.title || name}</span>
              <IconChevronRight className={styles.arrow} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
