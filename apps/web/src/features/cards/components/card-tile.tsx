import { TW } from '@/shared/i18n/zh-cn/wallet';
import { CardIcon } from '@/shared/wallet/card-icon';
import { type Card, usdtProtocolOf } from '@/shared/wallet/get-cards';
import styles from './card-tile.module.css';

/** A bank card number in groups of four, as printed on the card. */
export const groupCardNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

interface CardTileProps {
  card: Card;
  onUnbind: (card: Card) => void;
  unbinding?: boolean;
}

/**
 * One bound card or address, drawn like the card itself. It is the owner's own list, so the number
 * shows in full for checking it.
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
      <p className={usdt ? styles.address : styles.number}>
        {usdt ? card.bank_no : groupCardNumber(card.bank_no)}
      </p>
      {!usdt && card.bank_address ? (
        <p className={styles.branch}>
          {TW.branch}：{card.bank_address}
        </p>
      ) : null}
    </article>
  );
}
