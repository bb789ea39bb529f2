import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { PATH } from '@/shared/routes/paths';
import { useNavigate } from '@/shared/routes/router/react';
import { inAppRoute, serviceUrlQueryOptions } from '@/shared/support/get-service-url';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { PageFrame } from '@/shared/ui/page-frame';

/**
 * /kefu, 在线客服 (spec 2; in the shell): the customer service page from /api/getservicerurl in a frame.
 * An address inside this app (a page such as 联系我们) is shown as that page instead: a frame would
 * show the whole app again inside itself.
 */
export function ServicePage() {
  const navigate = useNavigate();
  const { data: url, isPending, refetch } = useQuery(serviceUrlQueryOptions());
  const inApp = url ? inAppRoute(url) : null;
  // An address of this very page would only come back here.
  const route = inApp && !inApp.startsWith(PATH.kefu) ? inApp : null;

  useEffect(() => {
    if (route) navigate(route, { replace: true });
  }, [route, navigate]);

  if (isPending || route) return <Loading />;
  if (!url || inApp) return <EmptyState onRetry={() => void refetch()}>{TC.loadFailed}</EmptyState>;
  return <PageFrame src={url} title={TITLE.kefu} kind="interactive" withTabBar />;
}
