import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { useState } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { CardType, useCards } from '@/shared/wallet/get-cards';
import { type PayChannel, usePayWay } from '../api/get-pay-way';
import { BankDepositForm } from '../components/bank-deposit-form';
import { ChannelGrid } from '../components/channel-grid';
import { OnlineDepositForm } from '../components/online-deposit-form';
import { UsdtDepositForm } from '../components/usdt-deposit-form';
import { usePendingDepositCheck } from '../hooks/use-pending-deposit';
import styles from './recharge-page.module.css';

/** The form of a channel's kind; a fresh one (amount emptied) for each channel chosen. */
function ChannelForm({ channel }: { channel: PayChannel }) {
  if (channel.kind === 'usdt') return <UsdtDepositForm channel={channel} />;
  if (channel.kind === 'bank') return <BankDepositForm channel={channel} />;
  return <OnlineDepositForm channel={channel} />;
}

/**
 * /recharge, 充值 (spec 2, 4, 5): the channels the server offers (the first is chosen), then the
 * chosen channel's form: USDT with its protocol, leading to the order's page; bank deposits into a
 * platform account, held for review; online channels leave for the gateway's checkout. A player
 * without any card is asked to bind one, and an online order left for the checkout is looked up on
 * the next visit.
 */
export function RechargePage() {
  usePendingDepositCheck();
  const payWay = usePayWay();
  const channels = payWay.data ?? [];
  const [chosenType, setChosenType] = useState<string | null>(null);
  const channel = channels.find((c) => c.type === chosenType) ?? channels[0] ?? null;
  const bankCards = useCards(CardType.bank);
  const usdtCards = useCards(CardType.usdt);
  const noCard = bankCards.data?.length === 0 && usdtCards.data?.length === 0;
  const go = useAppNavigate();

  const kind = channel?.kind ?? null;
  const tips = kind === 'usdt' ? TP.usdtTips : kind === 'bank' ? TP.bankTips : TP.onlineTips;
  return (
    <div className={styles.page}>
      <PageNavBar
        title={TITLE.recharge}
        right={
          <button type="button" className={styles.navLink} onClick={() => go(PATH.transRecord)}>
            {TP.records}
          </button>
        }
      />

      {noCard ? (
        <div className={styles.noCard} role="alert">
          <IconInfo className={styles.noCardIcon} />
          <span>{PAYMENT_MSG.noCard}</span>
          <button type="button" onClick={() => go(PATH.wallet)}>
            {TP.bindNow}
          </button>
        </div>
      ) : null}

      <section className={styles.section} aria-labelledby="recharge-methods-title">
        <h2 id="recharge-methods-title" className={styles.sectionTitle}>
          {TP.methodsTitle}
        </h2>
        {payWay.isPending ? (
          <p className={styles.note}>{TP.methodsLoading}</p>
        ) : payWay.isError ? (
          <p className={styles.note}>
            {TP.methodsFailed}
            <button type="button" className={styles.retry} onClick={() => void payWay.refetch()}>
              {TP.retry}
            </button>
          </p>
        ) : channels.length === 0 ? (
          <p className={styles.note}>{TP.methodsEmpty}</p>
        ) : (
          <ChannelGrid
            channels={channels}
            selected={channel?.type ?? null}
            onSelect={(next) => setChosenType(next.type)}
          />
        )}
      </section>

      {channel ? <ChannelForm key={channel.type} channel={channel} /> : null}

      {channel ? (
        <section className={styles.tips} aria-label={TP.tipsTitle}>
          <h2 className={styles.tipsTitle}>
            <IconInfo />
            {TP.tipsTitle}
          </h2>
          <ol>
            {tips.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
