import { MAX_CARDS_PER_TYPE } from '@app/contract/constants';
import { maskCardNumber } from '@app/contract/wallet-rules';
import { T } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useUntil } from '@/shared/lib/use-until';
import { BottomSheet, SheetOption } from '@/shared/ui/bottom-sheet';
import { GoldButton } from '@/shared/ui/gold-button';
import { CardIcon } from '@/shared/wallet/card-icon';
import { type Card, usdtProtocolOf } from '@/shared/wallet/get-cards';
import styles from './card-select-sheet.module.css';

/** A card as the withdrawal shows it: its bank or USDT protocol, the number masked to its last 4. */
export function cardLabel(card: Card): string {
  const name = card.bank === 'USDT' ? TW.usdtAddressLabel(usdtProtocolOf(card)) : card.bank;
  return `${name} ${maskCardNumber(card.bank_no)}`;
}

interface CardSelectSheetProps {
  usdt: boolean;
  visible: boolean;
  onClose: () => void;
  cards: readonly Card[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (card: Card) => void;
  /** Opens the bind page of this kind. */
  onBind: () => void;
}

/** The bottom sheet to choose where to withdraw to (spec 2); with none bound it leads to binding. */
export function CardSelectSheet(props: CardSelectSheetProps) {
  const { usdt, visible, onClose, cards, loading, selectedId, onSelect, onBind } = props;
  const bindText = usdt ? TW.bindUsdtNow : TW.bindCardNow;
  const empty = !loading && cards.length === 0;
  return (
    <BottomSheet
      title={usdt ? TW.pickUsdtTitle : TW.pickCardTitle}
      visible={visible}
      onClose={onClose}
      footer={
        !empty && cards.length < MAX_CARDS_PER_TYPE ? (
          <button type="button" className={styles.add} onClick={onBind}>
            + {usdt ? TW.addUsdtAddress : TW.addBankCard}
          </button>
        ) : undefined
      }
    >
      {loading ? <p className={styles.note}>{T.loading}</p> : null}
      {empty ? (
        <div className={styles.empty}>
          <CardIcon ico={usdt ? 'usdt-trc20' : 'bank'} className={styles.emptyIcon} />
          <p className={styles.emptyTitle}>{usdt ? TW.noUsdtAddress : TW.noBankCard}</p>
          <GoldButton onClick={onBind} className={styles.bind}>
            {bindText}
          </GoldButton>
        </div>
      ) : null}
      {cards.map((card) => (
        <SheetOption
          key={card.id}
          selected={card.id === selectedId}
          icon={<CardIcon ico={card.ico} />}
          title={card.bank === 'USDT' ? TW.usdtAddressLabel(usdtProtocolOf(card)) : card.bank}
          description={
            <>
              {card.bank === 'USDT'
                ? maskCardNumber(card.bank_no)
                : `${card.bank_owner}  ${maskCardNumber(card.bank_no)}`}
              <WaitingNote until={card.usable_from} />
            </>
          }
          onClick={() => onSelect(card)}
        />
      ))}
    </BottomSheet>
  );
}

/** A newly bound card's note, until its waiting period ends (then gone, without a reload). */
function WaitingNote({ until }: { until: string | null }) {
  const waiting = useUntil(until);
  return waiting && until ? (
    <span className={styles.waiting} data-testid="card-waiting">
      {TW.cardUsableFrom(until)}
    </span>
  ) : null;
}
