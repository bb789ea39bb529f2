import { TITLE } from '@/shared/i18n/zh-cn';
import { USDT_GUIDE } from '@/shared/i18n/zh-cn/wallet';
import { formatMoney } from '@/shared/lib/money';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { useSession } from '@/shared/session/session-store';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { CardIcon } from '@/shared/wallet/card-icon';
import styles from './usdt-more-page.module.css';

type RowKey = keyof typeof USDT_GUIDE.rows;
const ROWS: readonly RowKey[] = [
  'network',
  'address',
  'example',
  'chainFee',
  'platformFee',
  'speed',
  'suits',
];

/**
 * /usdtmore (spec 2, open to visitors): TRC20 against ERC20: network, address format, fees (the
 * platform's own withdrawal fees when logged in), speed, and what to watch out for.
 */
export function UsdtMorePage() {
  const go = useAppNavigate();
  const user = useSession((s) => (s.token ? s.userInfo : null));
  const fee = (amount: number | undefined) =>
    amount === undefined ? USDT_GUIDE.feeForVisitors : USDT_GUIDE.feeValue(formatMoney(amount));
  const cell = (row: RowKey, network: 'trc20' | 'erc20') => {
    if (row === 'platformFee')
      return fee(network === 'erc20' ? user?.withdrawcashfee : user?.withdrawfeeusdttrc);
    return USDT_GUIDE[network][row];
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.usdtmore} />
      <section className={styles.hero}>
        <div className={styles.coins} aria-hidden="true">
          <CardIcon ico="usdt-trc20" />
          <span className={styles.vs}>VS</span>
          <CardIcon ico="usdt-erc20" />
        </div>
        <h2 className={styles.heroTitle}>{USDT_GUIDE.heroTitle}</h2>
        <p className={styles.heroText}>{USDT_GUIDE.heroText}</p>
      </section>

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{USDT_GUIDE.compareTitle}</h3>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" aria-label={USDT_GUIDE.rows.network} />
              <th scope="col" className={styles.trc}>
                {USDT_GUIDE.trc20.name}
              </th>
              <th scope="col" className={styles.erc}>
                {USDT_GUIDE.erc20.name}
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row} className={row === 'platformFee' ? styles.feeRow : undefined}>
                <th scope="row">{USDT_GUIDE.rows[row]}</th>
                <td>{cell(row, 'trc20')}</td>
                <td>{cell(row, 'erc20')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{USDT_GUIDE.howTitle}</h3>
        <ol className={styles.steps}>
          {USDT_GUIDE.how.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>

      <section className={`${styles.section} ${styles.warn}`}>
        <h3 className={styles.sectionTitle}>
          <IconInfo />
          {USDT_GUIDE.warnTitle}
        </h3>
        <ul className={styles.bullets}>
          {USDT_GUIDE.warn.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <div className={styles.cta}>
        <GoldButton onClick={() => go(PATH.addUsdtCard)}>{USDT_GUIDE.bindCta}</GoldButton>
      </div>
    </div>
  );
}
