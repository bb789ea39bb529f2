import { type ReactNode, useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TA } from '@/shared/i18n/zh-cn/agents';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { GoldButton } from '@/shared/ui/gold-button';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PageTabs } from '@/shared/ui/page-tabs';
import card from '@/shared/ui/record-card.module.css';
import { useAgentOverview } from '../api/get-agent-overview';
import styles from '../components/agent-centre.module.css';
import { MembersPanel } from '../components/members-panel';
import { OverviewPanel } from '../components/overview-panel';
import { PromotionPanel } from '../components/promotion-panel';
import { StatementsPanel } from '../components/statements-panel';

const TABS = [
  { key: 'overview', label: TA.tabs.overview },
  { key: 'members', label: TA.tabs.members },
  { key: 'statements', label: TA.tabs.statements },
  { key: 'promotion', label: TA.tabs.promotion },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * /agent, 代理中心 (issue 29; login required), opened from the agent-login entry on /mine: 概览,
 * 会员, 佣金账单 and 推广. A player who is not an agent sees the server's message (您还不是代理…)
 * and the way to apply.
 */
export function AgentCentrePage() {
  const [tab, setTab] = useState<TabKey>('overview');
  const overview = useAgentOverview();
  const go = useAppNavigate();

  let body: ReactNode;
  if (overview.isPending) body = <Loading />;
  else if (overview.error instanceof ApiError)
    body = (
      <>
        <p className={styles.message} role="alert">
          {overview.error.message}
        </p>
        {overview.error.code === 403 ? (
          <div className={styles.apply}>
            <GoldButton onClick={() => go(PATH.applyagent)}>{TITLE.applyagent}</GoldButton>
          </div>
        ) : null}
      </>
    );
  else if (overview.isError)
    body = <EmptyState onRetry={() => void overview.refetch()}>{TA.loadFailed}</EmptyState>;
  else
    body = (
      <>
        <PageTabs tabs={TABS} active={tab} onChange={setTab} />
        {tab === 'overview' ? <OverviewPanel overview={overview.data} /> : null}
        {tab === 'members' ? <MembersPanel /> : null}
        {tab === 'statements' ? <StatementsPanel /> : null}
        {tab === 'promotion' ? <PromotionPanel /> : null}
      </>
    );

  return (
    <div className={card.page}>
      <PageNavBar title={TITLE.agent} />
      {body}
    </div>
  );
}
