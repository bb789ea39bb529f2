import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useSearchParams } from '@/shared/routes/router/react';
import { ArticleView } from '../components/article-view';

/** /abouts?type (spec 2; back-arrow header): 5 terms and rules (the default), 6 privacy policy. */
export function AboutsPage() {
  const [params] = useSearchParams();
  const type = params.get('type') === '6' ? 6 : 5;
  return (
    <ArticleView
      key={type}
      type={type}
      scope="abouts"
      fallbackTitle={TC.aboutsTitles[type] ?? TITLE.abouts}
    />
  );
}
