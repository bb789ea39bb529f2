import { DEPOSIT_WINDOW_MS } from '@app/contract/constants';
import { countdownOf, PAYMENT_MSG, YUAN_PAY_TYPES, yuanOf } from '@app/contract/payment-rules';
import { apiAssetUrl } from '@/shared/api/asset-url';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { formatMoney } from '@/shared/lib/money';
import { parseBeijingTime } from '@/shared/lib/time';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { useSearchParams } from '@/shared/routes/router/react';
import { useOpenSupport } from '@/shared/support/get-service-url';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconHeadset } from '@/shared/ui/icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { type PayInfoView, usePayInfo } from '../api/get-pay-info';
import { CopyButton } from '../components/copy-button';
import { useCountdown } from '../hooks/use-countdown';
import styles from './pay-info-page.module.css';

/** The channel tag of USDT orders: they show the receiving address and the wallet protocol. */
const USDT_CHANNEL = 'usdtpay';

const isYuan = (paytype: string) => (YUAN_PAY_TYPES as readonly string[]).includes(paytype);

/**
 * /payInfo?deposit_no=&order_token=, 充值信息 (spec 2, 4): the order to pay, for its owner or for a
 * visitor holding its link (the guard sends a visitor without the token to login). The amount in U, or in 元 (amount /
 * usdt_rate) for 微信 and 支付宝; a countdown of the hour from created_at, stopping at 00:00; the
 * receiving address with a copy button and the protocol (USDT orders only), the order number, time
 * and pay method, the QR code; 充值完成 and 资金明细 both lead to the records.
 */
export function PayInfoPage() {
  const [params] = useSearchParams();
  const depositNo = params.get('deposit_no')?.trim() ?? '';
  const payInfo = usePayInfo(depositNo, params.get('order_token')?.trim() ?? '');
  const go = useAppNavigate();

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.payInfo} />
      {depositNo === '' ? (
        <p className={styles.state}>{TP.payInfoMissing}</p>
      ) : payInfo.isPending ? (
        <div className={styles.state} role="status">
          <span className={styles.spinner} aria-hidden="true" />
        </div>
      ) : payInfo.isError ? (
        <div className={styles.state} role="alert">
          <p>{TP.payInfoFailed}</p>
          <button type="button" className={styles.retry} onClick={() => void payInfo.refetch()}>
            {TP.retry}
          </button>
        </div>
      ) : (
        <PayInfoBody order={payInfo.data} />
      )}
      <footer className={styles.footer}>
        <GoldButton className={styles.footerButton} onClick={() => go(PATH.transRecord)}>
          {TP.done}
        </GoldButton>
        <button type="button" className={styles.secondary} onClick={() => go(PATH.transRecord)}>
          {TP.fundRecords}
        </button>
      </footer>
    </div>
  );
}

function PayInfoBody({ order }: { order: PayInfoView }) {
  const { info } = order;
  const card = order.cardlist[0];
  const usdt = order.channel === USDT_CHANNEL;
  const yuan = isYuan(info.paytype);
  const created = parseBeijingTime(info.created_at);
  const msLeft = useCountdown(created === null ? null : created + DEPOSIT_WINDOW_MS);
  const mmss = countdownOf(msLeft);
  const [before, after] = PAYMENT_MSG.payWithin(mmss).split(mmss);
  const openSupport = useOpenSupport();

  return (
    <>
      <section className={styles.hero} aria-label={TP.payAmount}>
        <p className={styles.heroLabel}>{TP.payAmount}</p>
        <p className={styles.amount} data-testid="pay-amount">
          <strong>{formatMoney(yuan ? yuanOf(info.amount, info.usdt_rate) : info.amount)}</strong>
          <span>{yuan ? TP.unitYuan : TP.unitU}</span>
        </p>
        <p className={styles.countdown} data-testid="pay-countdown" role="timer">
          {before}
          <b>{mmss}</b>
          {after}
        </p>
        <p className={styles.autoCredit}>{PAYMENT_MSG.autoCredit}</p>
        <p className={styles.support}>
          {TP.supportPrompt}
          <button type="button" onClick={() => void openSupport()}>
            <IconHeadset />
            {TP.contactSupport}
          </button>
        </p>
      </section>

      {card?.payimg ? (
        <section className={styles.qr} aria-label={TP.qrTitle}>
          <img src={apiAssetUrl(card.payimg)} alt={TP.qrAlt} width={180} height={180} />
        </section>
      ) : null}

      <dl className={styles.details}>
        {usdt && card ? (
          <div className={styles.row}>
            <dt>{TP.receivingAddress}</dt>
            <dd className={styles.address} data-testid="pay-address">
              {card.mch_id}
            </dd>
            <CopyButton text={card.mch_id} what={TP.receivingAddress} />
          </div>
        ) : null}
        <div className={styles.row}>
          <dt>{TP.orderNo}</dt>
          <dd>{order.deposit_no}</dd>
        </div>
        <div className={styles.row}>
          <dt>{TP.tradeTime}</dt>
          <dd>{info.created_at}</dd>
        </div>
        <div className={styles.row}>
          <dt>{TP.payMethod}</dt>
          <dd>{info.paytype}</dd>
        </div>
        {usdt && card ? (
          <div className={styles.row}>
            <dt>{TP.walletProtocol}</dt>
            <dd>{card.content}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
