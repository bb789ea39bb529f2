import type { ArticleScope } from '@app/contract/content-rules';
import type { ReactNode } from 'react';
import { TC } from '@/shared/i18n/zh-cn/content';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { SafeHtml } from '@/shared/ui/safe-html';
import { useArticle } from '../api/get-article';
import styles from './article-view.module.css';

interface ArticleViewProps {
  type: number;
  scope: ArticleScope;
  /** The bar's title until the article's own arrives. */
  fallbackTitle: string;
  /** Shown under the article (a link to the page it describes). */
  children?: ReactNode;
}

/** An article page: back-arrow bar titled with the article, and its content (sanitised HTML). */
export function ArticleView({ type, scope, fallbackTitle, children }: ArticleViewProps) {
  const { data, isPending, refetch } = useArticle(type, scope);
  return (
    <div className={styles.page}>
      <PageNavBar title={data?.title || fallbackTitle} />
      {type === 0 ? (
        <EmptyState>{TC.empty}</EmptyState>
      ) : isPending ? (
        <Loading />
      ) : !data ? (
        <EmptyState onRetry={() => void refetch()}>{TC.loadFailed}</EmptyState>
      ) : (
        <article className={styles.article}>
          <SafeHtml html={data.content} testId="article-content" />
        </article>
      )}
      {children}
    </div>
  );
}
