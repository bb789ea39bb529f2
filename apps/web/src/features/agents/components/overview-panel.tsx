import { useState } from 'react';
import { TA } from '@/shared/i18n/zh-cn/agents';
import { formatMoney } from '@/shared/lib/money';
import type { AgentOverview } from '../api/get-agent-overview';
import styles from './agent-centre.module.css';
import { StatementSheet } from './statement-sheet';
import { StatementState } from './statement-state';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={[styles.card, styles.figure].join(' ')}>
      <strong data-testid={testId}>{value}</strong>
      <span>{label}</span>
    </div>
  );
}

/**
 * 概览: this Beijing month so far (net loss, active members, the tier reached and what the next one
 * still needs, the estimated commission, the carry-over in) and last month's statement and its state.
 */
export function OverviewPanel({ overview: o }: { overview: AgentOverview }) {
  const [open, setOpen] = useState<number | null>(null);
  const last = o.last_statement;
  return (
    <div className={styles.panel}>
      <p className={styles.month}>{TA.month(o.month)}</p>
      <div className={styles.grid}>
        <Figure label={TA.netLoss} value={formatMoney(o.net_loss)} testId="overview-net-loss" />
        <Figure
          label={TA.estimated}
          value={formatMoney(o.estimated_commission)}
          testId="overview-estimated"
        />
        <Figure label={TA.activeMembers} value={String(o.active_members)} testId="overview-active" />
        <Figure label={TA.carryIn} value={formatMoney(o.carry_in)} testId="overview-carry" />
        <Figure label={TA.members} value={String(o.members)} testId="overview-members" />
        <Figure label={TA.subAgents} value={String(o.sub_agents)} testId="overview-sub-agents" />
      </div>

      <section className={[styles.card, styles.hero].join(' ')} aria-label={TA.tier}>
        <div className={styles.row}>
          <span>{TA.tier}</span>
          <strong data-testid="overview-tier">
            {o.tier ? TA.tierLabel(o.tier.index, o.tier.share_percent) : TA.noTier}
          </strong>
        </div>
        {o.next_tier ? (
          <>
            <div className={styles.row}>
              <span>{TA.nextTier}</span>
              <span>{TA.tierLabel(o.next_tier.index, o.next_tier.share_percent)}</span>
            </div>
            <p className={styles.hint} data-testid="overview-next">
              {TA.nextNeeds(formatMoney(o.next_tier.needs_net_loss), o.next_tier.needs_active)}
            </p>
          </>
        ) : (
          <p className={styles.hint}>{TA.topTier}</p>
        )}
      </section>

      <section className={styles.card} aria-label={TA.lastStatement}>
        <h2 className={styles.title}>{TA.lastStatement}</h2>
        {last ? (
          <button type="button" className={styles.link} onClick={() => setOpen(last.id)}>
            <div className={styles.row}>
              <span>{TA.statementMonth(last.month)}</span>
              <StatementState state={last.state} label={last.state_label} />
            </div>
            <div className={styles.row}>
              <span>{TA.total}</span>
              <span>{formatMoney(last.total)}</span>
            </div>
            <div className={styles.row}>
              <span>{TA.paid}</span>
              <span>{formatMoney(last.paid)}</span>
            </div>
            <span className={styles.more}>{TA.viewStatement} ›</span>
          </button>
        ) : (
          <p className={styles.hint}>{TA.noStatement}</p>
        )}
      </section>
      <StatementSheet id={open} month={last?.month ?? ''} onClose={() => setOpen(null)} />
    </div>
  );
}
