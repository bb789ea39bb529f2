import { TA } from '@/shared/i18n/zh-cn/agents';
import { formatMoney } from '@/shared/lib/money';
import { BottomSheet } from '@/shared/ui/bottom-sheet';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { type Statement, useStatement } from '../api/get-statement';
import styles from './agent-centre.module.css';
import { StatementState } from './statement-state';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.row}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

function StatementBody({ s }: { s: Statement }) {
  return (
    <div className={styles.panel}>
      <section className={[styles.card, styles.hero].join(' ')}>
        <div className={styles.row}>
          <span>{TA.plan(s.plan, s.plan_version)}</span>
          <StatementState state={s.state} label={s.state_label} />
        </div>
        <Row label={TA.net} value={formatMoney(s.net_loss)} />
        <Row label={TA.activeMembers} value={String(s.active_members)} />
        <Row label={TA.share} value={s.tier < 0 ? TA.noTier : TA.tierLabel(s.tier, s.share_percent)} />
        <Row label={TA.carryIn} value={formatMoney(s.carry_in)} />
        <Row label={TA.commission} value={formatMoney(s.commission)} />
        <Row label={TA.overrides} value={formatMoney(s.overrides)} />
        <Row label={TA.cpa} value={formatMoney(s.cpa)} />
        <Row label={TA.carryOut} value={formatMoney(s.carry_out)} />
        <Row label={TA.total} value={formatMoney(s.total)} />
        <Row label={TA.paid} value={formatMoney(s.paid)} />
        {s.note ? <Row label={TA.note} value={s.note} /> : null}
      </section>
      <h3 className={styles.title}>{TA.lines}</h3>
      {s.lines.length === 0 ? <p className={styles.hint}>{TA.noStatement}</p> : null}
      {s.lines.map((line) => (
        <article key={line.user_id} className={styles.card} data-testid="statement-line">
          <div className={styles.row}>
            <span className={styles.lineName}>{line.username}</span>
            <span>
              {line.active ? TA.active : ''}
              {line.cpa ? ` · ${TA.cpa}` : ''}
            </span>
          </div>
          <div className={styles.figures}>
            <span>
              {TA.deposits}
              <b>{formatMoney(line.deposits)}</b>
            </span>
            <span>
              {TA.withdrawals}
              <b>{formatMoney(line.withdrawals)}</b>
            </span>
            <span>
              {TA.stakes}
              <b>{formatMoney(line.stakes)}</b>
            </span>
            <span>
              {TA.validStakes}
              <b>{formatMoney(line.valid_stakes)}</b>
            </span>
            <span>
              {TA.payouts}
              <b>{formatMoney(line.payouts)}</b>
            </span>
            <span>
              {TA.bonuses}
              <b>{formatMoney(line.bonuses)}</b>
            </span>
            <span>
              {TA.fee}
              <b>{formatMoney(line.fee)}</b>
            </span>
            <span>
              {TA.net}
              <b>{formatMoney(line.net)}</b>
            </span>
          </div>
        </article>
      ))}
      {s.override_lines.length > 0 ? <h3 className={styles.title}>{TA.overrideLines}</h3> : null}
      {s.override_lines.map((o) => (
        <article key={o.agent_id} className={styles.card} data-testid="override-line">
          <div className={styles.row}>
            <span className={styles.lineName}>{o.username}</span>
            <span>{formatMoney(o.amount)}</span>
          </div>
          <p className={styles.hint}>
            {TA.commission} {formatMoney(o.commission)} × {o.share_percent}%
          </p>
        </article>
      ))}
    </div>
  );
}

/** One statement with its lines, in a bottom sheet; `id` null closes it. */
export function StatementSheet({
  id,
  month,
  onClose,
}: {
  id: number | null;
  month: string;
  onClose: () => void;
}) {
  const query = useStatement(id);
  return (
    <BottomSheet title={TA.statementMonth(month)} visible={id !== null} onClose={onClose}>
      {query.data ? (
        <StatementBody s={query.data} />
      ) : query.isError ? (
        <EmptyState onRetry={() => void query.refetch()}>{TA.statementFailed}</EmptyState>
      ) : (
        <Loading />
      )}
    </BottomSheet>
  );
}
