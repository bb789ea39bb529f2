import { REWARD_MSG } from '@app/contract/reward-rules';
import { TRW } from '@/shared/i18n/zh-cn/rewards';
import { formatCurrency } from '@/shared/lib/money';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { IconChevronRight } from '@/shared/ui/icons';
import { IconInfo, IconReceipt } from '@/shared/ui/page-icons';
import { type RedPacketInfo, useRedPacketInfo } from '../api/get-red-packet-info';
import { GrabResultPopup } from '../components/grab-result-popup';
import { RedPacketRules } from '../components/red-packet-rules';
import { useGrab } from '../hooks/use-grab';
import styles from './hongbao-page.module.css';

const WINDOW_TEXT: Record<RedPacketInfo['window'], string> = {
  not_started: TRW.windowNotStarted,
  open: TRW.windowOpen,
  ended: TRW.windowEnded,
};

/**
 * /hongbao, 红包 (spec 2, 4, 9), in the shell: grabs left, grabbed and the most a day allows, the
 * player's counted deposits and flow, the rules (time, deposit, daily flow, packet range), the grab
 * button and its result popups, the grab window's notice, and the way to the records (/welfare).
 * The guard has already turned away logged-out players and a closed red-packet switch.
 */
export function HongbaoPage() {
  const info = useRedPacketInfo();
  const { grab, pending, result, closeResult } = useGrab();
  const go = useAppNavigate();
  const data = info.data;

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="hongbao-title">
        <div className={styles.heroGlow} aria-hidden="true" />
        <div className={styles.heroHead}>
          <h1 id="hongbao-title" className={styles.heroTitle}>
            {TRW.heroTitle}
          </h1>
          {data ? (
            <span className={[styles.window, styles[data.window]].join(' ')} data-testid="grab-window">
              {WINDOW_TEXT[data.window]}
            </span>
          ) : null}
        </div>
        <p className={styles.heroSubtitle}>{TRW.heroSubtitle}</p>

        <button
          type="button"
          className={styles.grab}
          onClick={() => void grab()}
          disabled={pending}
          aria-label={TRW.grab}
          aria-busy={pending}
        >
          <span className={styles.grabFlap} aria-hidden="true" />
          <span className={styles.grabSeal} aria-hidden="true">
            {TRW.grabShort}
          </span>
          <span className={styles.grabLabel}>{TRW.grab}</span>
        </button>

        <dl className={styles.stats}>
          <Stat label={TRW.sendnums} value={data?.sendnums} testId="sendnums" strong />
          <Stat label={TRW.acquirednum} value={data?.acquirednum} testId="acquirednum" />
          <Stat label={TRW.maxTimes} value={data?.max_times} testId="max-times" />
        </dl>
      </section>

      <p className={styles.notice} data-testid="red-packet-notice">
        <IconInfo className={styles.noticeIcon} />
        {REWARD_MSG.redPacketNotice}
      </p>

      {info.isError && !data ? (
        <div className={styles.failed} role="alert">
          <p>{TRW.infoFailed}</p>
          <button type="button" className={styles.retry} onClick={() => void info.refetch()}>
            {TRW.retry}
          </button>
        </div>
      ) : null}

      <section className={styles.card} aria-labelledby="hongbao-progress">
        <header className={styles.cardHead}>
          <h2 id="hongbao-progress" className={styles.cardTitle}>
            {TRW.myProgress}
          </h2>
          <span className={styles.cardHint}>{TRW.myProgressHint}</span>
        </header>
        <div className={styles.progress}>
          <div className={styles.progressItem}>
            <span className={styles.progressLabel}>{TRW.countedRecharge}</span>
            <strong className={styles.progressValue} data-testid="counted-recharge">
              {data ? formatCurrency(data.recharge) : '—'}
            </strong>
          </div>
          <div className={styles.progressItem}>
            <span className={styles.progressLabel}>{TRW.countedFlow}</span>
            <strong className={styles.progressValue} data-testid="counted-flow">
              {data ? formatCurrency(data.flow) : '—'}
            </strong>
          </div>
        </div>
      </section>

      <section className={styles.card} aria-labelledby="hongbao-rules">
        <header className={styles.cardHead}>
          <h2 id="hongbao-rules" className={styles.cardTitle}>
            {TRW.rulesTitle}
          </h2>
        </header>
        <RedPacketRules info={data} loading={info.isPending} />
      </section>

      <button type="button" className={styles.records} onClick={() => go(PATH.welfare)}>
        <IconReceipt className={styles.recordsIcon} />
        <span>{TRW.records}</span>
        <IconChevronRight className={styles.recordsArrow} />
      </button>

      <GrabResultPopup
        result={result}
        onClose={closeResult}
        onRecharge={() => {
          closeResult();
          go(PATH.recharge);
        }}
      />
    </div>
  );
}

interface StatProps {
  label: string;
  value: number | undefined;
  testId: string;
  strong?: boolean;
}

function Stat({ label, value, testId, strong }: StatProps) {
  return (
    <div className={[styles.stat, strong ? styles.statStrong : ''].join(' ')}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>
        <span data-testid={testId}>{value ?? '—'}</span>
        <small>{TRW.timesUnit}</small>
      </dd>
    </div>
  );
}
