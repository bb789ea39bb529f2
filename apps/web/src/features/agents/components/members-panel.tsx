import { useState } from 'react';
import { TA } from '@/shared/i18n/zh-cn/agents';
import { formatMoney } from '@/shared/lib/money';
import { RecordsList } from '@/shared/ui/records-list';
import { type AgentMember, agentMembersKey, getAgentMembers } from '../api/get-agent-members';
import { getSubAgents, type SubAgent, subAgentsKey } from '../api/get-sub-agents';
import styles from './agent-centre.module.css';
import { netTone } from './statement-state';

type Which = 'players' | 'agents';

function Amount({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <span>
      {label}
      <b className={tone}>{formatMoney(value)}</b>
    </span>
  );
}

function MemberCard({ m }: { m: AgentMember }) {
  return (
    <article className={styles.card} data-testid="agent-member">
      <div className={styles.row}>
        <span className={styles.lineName}>{m.username}</span>
        <span className={styles.label}>
          {TA.registeredAt} {m.registered_at.slice(0, 10)}
        </span>
      </div>
      <p className={styles.hint}>
        {TA.lastLogin} {m.last_login_at || TA.neverLoggedIn}
      </p>
      <div className={styles.figures}>
        <Amount label={TA.deposits} value={m.deposits} />
        <Amount label={TA.withdrawals} value={m.withdrawals} />
        <Amount label={TA.validStakes} value={m.valid_stakes} />
        <Amount label={TA.net} value={m.net} tone={netTone(m.net)} />
      </div>
    </article>
  );
}

function SubAgentCard({ a }: { a: SubAgent }) {
  return (
    <article className={styles.card} data-testid="sub-agent">
      <div className={styles.row}>
        <span className={styles.lineName}>{a.username}</span>
        <span className={styles.label}>
          {TA.registeredAt} {a.registered_at.slice(0, 10)}
        </span>
      </div>
      <div className={styles.figures}>
        <span>
          {TA.memberCount}
          <b>{a.members}</b>
        </span>
        <Amount label={TA.deposits} value={a.deposits} />
        <Amount label={TA.validStakes} value={a.valid_stakes} />
        <Amount label={TA.net} value={a.net} tone={netTone(a.net)} />
      </div>
    </article>
  );
}

/** 会员: the agent's direct players, or their direct sub-agents, over the chosen period, page by page. */
export function MembersPanel() {
  const [which, setWhich] = useState<Which>('players');
  return (
    <>
      <div className={styles.subTabs} role="tablist" aria-label={TA.tabs.members}>
        {(['players', 'agents'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={which === key}
            className={[styles.subTab, which === key ? styles.subTabActive : ''].join(' ')}
            onClick={() => setWhich(key)}
          >
            {TA.membersTab[key]}
          </button>
        ))}
      </div>
      {which === 'players' ? (
        <RecordsList<AgentMember>
          label={TA.membersTab.players}
          queryKey={agentMembersKey}
          fetchPage={getAgentMembers}
          itemKey={(m) => m.user_id}
          renderItem={(m) => <MemberCard m={m} />}
        />
      ) : (
        <RecordsList<SubAgent>
          label={TA.membersTab.agents}
          queryKey={subAgentsKey}
          fetchPage={getSubAgents}
          itemKey={(a) => a.user_id}
          renderItem={(a) => <SubAgentCard a={a} />}
        />
      )}
    </>
  );
}
