import { apiAssetUrl } from '@/shared/api/asset-url';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useSearchParams } from '@/shared/routes/router/react';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { PageFrame } from '@/shared/ui/page-frame';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { useSponsors } from '../api/get-sponsors';

/** /zhanzhuye?type=1|2, 赞助详情 (spec 2): the sponsor's page in a frame, titled with the sponsor. */
export function SponsorFramePage() {
  const [params] = useSearchParams();
  const type = params.get('type') === '2' ? 2 : 1;
  const { data: sponsors, isPending, refetch } = useSponsors();
  const sponsor = sponsors?.find((s) => s.type === type);
  return (
    <>
      <PageNavBar title={sponsor?.title ?? TITLE.zhanzhuye} />
      {isPending ? (
        <Loading />
      ) : !sponsor ? (
        <EmptyState onRetry={() => void refetch()}>{sponsors ? TC.empty : TC.loadFailed}</EmptyState>
      ) : (
        <PageFrame src={apiAssetUrl(sponsor.url)} title={sponsor.title} kind="static" />
      )}
    </>
  );
}
