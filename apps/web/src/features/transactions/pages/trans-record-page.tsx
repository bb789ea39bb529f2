import { COMMISSION_LABEL, STATEMENT_STATE, STATEMENT_STATE_LABEL } from '@app/contract/agents';
import { ReviewState, TransactionType, TransferState } from '@app/contract/status';
import { useCallback, useState } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { formatMoney } from '@/shared/lib/money';
import { useUserInfo } from '@/shared/session/get-user';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PageTabs } from '@/shared/ui/page-tabs';
import card from '@/shared/ui/record-card.module.css';
import { RecordsList, type RecordsPageQuery } from '@/shared/ui/records-list';
import {
  getTransRecords,
  type TransRecord,
  type TransType,
  transRecordsKeyOf,
} from '../api/get-trans-records';
import styles from './trans-record-page.module.css';

/** Tabs of /transRecord: the transaction types of spec 9, and an agent's commissions. */
const TABS = [
  { key: '1', label: TP.typeDeposit },
  { key: '2', label: TP.typeWithdrawal },
  { key: '3', label: TP.typeTransferIn },
  { key: '4', label: TP.typeTransferOut },
  { key: '5', label: COMMISSION_LABEL },
] as const;
type TabKey = (typeof TABS)[number]['key'];
/** The commission tab is an agent's only (isagent 1). */
const tabsFor = (agent: boolean) => (agent ? TABS : TABS.slice(0, 4));

const isTransfer = (type: TransType) => type === 3 || type === 4;
const isCommission = (type: TransType) => type === TransactionType.commission;

/**
 * A record's state in words (spec 4): transfer states for transfers; review states for withdrawals
 * and for the deposits an operator decides (USDT, bank); for online deposits, which nobody reviews,
 * what happened at the gateway: 待支付 while payable, 失败 once cancelled there or expired unpaid.
 */
export function stateText(type: TransType, record: Pick<TransRecord, 'state' | 'pay_kind'>): string {
  if (isCommission(type))
    return STATEMENT_STATE_LABEL[record.state as keyof typeof STATEMENT_STATE_LABEL] ?? TP.unknownState;
  const words: readonly string[] = isTransfer(type)
    ? TP.transferState
    : record.pay_kind === 'online'
      ? TP.onlineDepositState
      : TP.reviewState;
  return words[record.state] ?? TP.unknownState;
}

/** The colour a state reads in: done, waiting, or refused or failed (undefined states stay muted). */
function stateTone(type: TransType, state: number): string {
  if (isCommission(type)) return state === STATEMENT_STATE.paid ? (styles.good ?? '') : '';
  if (isTransfer(type)) {
    if (state === TransferState.success) return styles.good ?? '';
    if (state === TransferState.awaitingSettlement) return styles.wait ?? '';
    if (state === TransferState.failed) return styles.bad ?? '';
    return '';
  }
  if (state === ReviewState.approved) return styles.good ?? '';
  if (state === ReviewState.pending) return styles.wait ?? '';
  if (state === ReviewState.rejected) return styles.bad ?? '';
  return '';
}

/** A refused, failed or cancelled record: its money never moved, so its amount is struck through. */
const neverMoved = (type: TransType, state: number) =>
  isTransfer(type) ? state === TransferState.failed : state === ReviewState.rejected;

/**
 * /transRecord, 交易记录 (spec 2): the player's deposits, withdrawals and transfers in and out, and
 * an agent's commissions paid (代理佣金), one tab each, through the shared records list (date filter, page by page to last_page, empty and error
 * states); each record with its number, channel, amount, time and state in words.
 */
export function TransRecordPage() {
  const tabs = tabsFor(useUserInfo()?.isagent === 1);
  const [tab, setTab] = useState<TabKey>('1');
  const type = Number(tab) as TransType;
  const fetchPage = useCallback((query: RecordsPageQuery) => getTransRecords(type, query), [type]);
  const outgoing = type === 2 || type === 4;

  return (
    <div className={card.page}>
      <PageNavBar title={TITLE.transRecord} />
      <PageTabs tabs={tabs} active={tab} onChange={setTab} />
      <RecordsList<TransRecord>
        label={TABS[type - 1]?.label ?? TITLE.transRecord}
        queryKey={transRecordsKeyOf(type)}
        fetchPage={fetchPage}
        itemKey={(record) => record.out_trade_no}
        renderItem={(record) => (
          <article className={card.record} data-testid="trans-record">
            <div className={card.line}>
              <span className={styles.way}>{record.pay_way}</span>
              <strong
                className={[
                  outgoing ? styles.amountOut : styles.amountIn,
                  neverMoved(type, record.state) ? styles.amountVoid : '',
                ].join(' ')}
              >
                {outgoing ? '-' : '+'}
                {formatMoney(record.amount)}
              </strong>
            </div>
            <div className={card.line}>
              <span className={styles.meta}>
                {TP.recordOrderNo} {record.out_trade_no}
              </span>
              <span
                className={[styles.state, stateTone(type, record.state)].join(' ')}
                data-testid="trans-state"
              >
                {stateText(type, record)}
              </span>
            </div>
            <div className={styles.meta}>{record.created_at}</div>
          </article>
        )}
      />
    </div>
  );
}
