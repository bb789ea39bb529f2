import { maskCardNumber } from '@app/contract/wallet-rules';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { CardIcon } from '@/shared/wallet/card-icon';
import { type Card, usdtProtocolOf } from '@/shared/wallet/get-cards';
import styles from './card-tile.module.css';

interface CardTileProps {
  card: Card;
  onUnbind: (card: Card) => void;
  unbinding?: boolean;
}

/**
 * One bound card or address, drawn like the card itself. The number or address is masked to its
 * last 4 characters, as the withdrawal shows it: a shared or watched screen never shows it whole, and
 * nothing needs it whole once it is bound.
 */
export function CardTile({ card, onUnbind, unbinding }: CardTileProps) {
  const usdt = card.bank === 'USDT';
  const protocol = usdtProtocolOf(card);
  const tone = usdt ? (protocol === 'ERC20' ? styles.erc20 : styles.trc20) : styles.bank;
  const title = usdt ? TW.usdtAddressLabel(protocol) : card.bank;
  return (
    <article className={`${styles.tile} ${tone}`} aria-label={title} data-testid="card-tile">
      <div className={styles.top}>
        <CardIcon ico={card.ico} className={styles.icon} />
        <div className={styles.heading}>
          <h3 className={styles.title}>{title}</h3>
          {usdt ? null : (
            <p className={styles.meta}>
              {TW.cardHolder}：{card.bank_owner}
            </p>
          )}
        </div>
        <button type="button" className={styles.unbind} onClick={() => onUnbind(card)} disabled={unbinding}>
          {TW.unbind}
        </button>
      </div>
      <p className={usdt ? styles.address : styles.number}>{maskCardNumber(card.bank_no)}</p>
      {!usdt && card.bank_address ? (
        <p className={styles.branch}>
          {TW.branch}：{card.bank_address}
        </p>
      ) : null}
    </article>
  );
}
