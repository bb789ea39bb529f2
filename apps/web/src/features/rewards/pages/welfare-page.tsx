import { REWARD_MSG } from '@app/contract/reward-rules';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TRW } from '@/shared/i18n/zh-cn/rewards';
import { formatMoney } from '@/shared/lib/money';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { RecordsList } from '@/shared/ui/records-list';
import {
  getRedPacketRecords,
  type RedPacketRecord,
  redPacketRecordsKey,
} from '../api/get-red-packet-records';
import styles from './welfare-page.module.css';

/**
 * /welfare, 红包记录 (spec 2): the player's grabs through the shared records list, page by page to
 * last_page. The server keeps no date filter for them, so the list shows none. A button to /hongbao.
 */
export function WelfarePage() {
  const go = useAppNavigate();
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.welfare} />
      <RecordsList<RedPacketRecord>
        label={TITLE.welfare}
        queryKey={redPacketRecordsKey}
        fetchPage={getRedPacketRecords}
        dateFilter={false}
        header={
          <section className={styles.banner}>
            <div className={styles.bannerText}>
              <h2 className={styles.bannerTitle}>{TRW.welfareBannerTitle}</h2>
              <p className={styles.bannerNotice}>{REWARD_MSG.redPacketNotice}</p>
            </div>
            <button type="button" className={styles.bannerButton} onClick={() => go(PATH.hongbao)}>
              {TRW.goGrab}
            </button>
          </section>
        }
        // Grabs have no id of their own; when one was made is unique enough within a player's list.
        itemKey={(record) => `${record.created_at}|${record.redpacketmoney}|${record.money}`}
        renderItem={(record) => (
          <article className={styles.record} data-testid="red-packet-record">
            <span className={styles.envelope} aria-hidden="true">
              福
            </span>
            <div className={styles.body}>
              <div className={styles.line}>
                <span className={styles.name}>{TRW.recordTitle}</span>
                <strong className={styles.amount} data-testid="red-packet-amount">
                  +{formatMoney(record.redpacketmoney)}
                </strong>
              </div>
              <div className={styles.line}>
                <span className={styles.meta}>
                  {TRW.recordDeposit} {formatMoney(record.money)}
                </span>
                <span className={styles.meta}>{record.created_at}</span>
              </div>
              {record.usetime && record.usetime !== record.created_at ? (
                <div className={styles.meta}>
                  {TRW.recordUsetime} {record.usetime}
                </div>
              ) : null}
            </div>
          </article>
        )}
      />
    </div>
  );
}
