import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useSearchParams } from '@/shared/routes/router/react';
import { ArticleView } from '../components/article-view';
import { ProtectionLink } from '../components/protection-link';

/** The help article on responsible gambling, which leads to the settings it describes. */
const RESPONSIBLE_GAMBLING_ARTICLE = 8;

/** /boutBallBetInfo?type, a help article (spec 2): 1 常见问题 … 7 关于我们, 8 责任博彩. */
export function HelpArticlePage() {
  const [params] = useSearchParams();
  const type = Number(params.get('type'));
  const known = TC.helpArticles.find(([t]) => t === type);
  return (
    <ArticleView
      key={type}
      type={known ? type : 0}
      scope="help"
      fallbackTitle={known?.[1] ?? TITLE.boutBallBetInfo}
    >
      {type === RESPONSIBLE_GAMBLING_ARTICLE ? <ProtectionLink /> : null}
    </ArticleView>
  );
}
