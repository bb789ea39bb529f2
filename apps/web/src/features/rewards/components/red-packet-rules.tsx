import { TRW } from '@/shared/i18n/zh-cn/rewards';
import type { RedPacketInfo, RedPacketRule } from '../api/get-red-packet-info';
import styles from './red-packet-rules.module.css';

/** A threshold as a table cell: whole amounts without decimals (1,000), others with two. */
const amount = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Whether the player's counted deposits and flow meet the rule. */
const reached = (rule: RedPacketRule, info: RedPacketInfo) =>
  info.recharge >= rule.recharge && info.flow >= rule.day_flow;

interface RedPacketRulesProps {
  info: RedPacketInfo | undefined;
  loading: boolean;
}

/**
 * The rules table of /hongbao (spec 2): each rule's time range, the deposit and daily flow it asks
 * for, and the range of its packet; rules the player already meets are marked 已达标.
 */
export function RedPacketRules({ info, loading }: RedPacketRulesProps) {
  if (!info) {
    return <p className={styles.empty}>{loading ? '…' : TRW.noRules}</p>;
  }
  if (info.rules.length === 0) return <p className={styles.empty}>{TRW.noRules}</p>;
  return (
    <table className={styles.table} data-testid="red-packet-rules">
      <thead>
        <tr>
          <th scope="col">{TRW.ruleTime}</th>
          <th scope="col">{TRW.ruleRecharge}</th>
          <th scope="col">{TRW.ruleFlow}</th>
          <th scope="col">{TRW.ruleMoney}</th>
        </tr>
      </thead>
      <tbody>
        {info.rules.map((rule, index) => {
          const met = reached(rule, info);
          return (
            // The rules have no id; their order is the server's and stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className={met ? styles.met : undefined} data-testid="red-packet-rule">
              <td>
                <span className={styles.time}>
                  {rule.start_time}-{rule.end_time}
                </span>
                {met ? <span className={styles.badge}>{TRW.ruleReached}</span> : null}
              </td>
              <td>{amount(rule.recharge)}</td>
              <td>{amount(rule.day_flow)}</td>
              <td className={styles.money}>
                {amount(rule.min_money)}-{amount(rule.flow_money)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
