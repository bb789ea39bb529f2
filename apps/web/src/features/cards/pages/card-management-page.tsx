import { MAX_CARDS_PER_TYPE } from '@app/contract/constants';
import { WALLET_MSG } from '@app/contract/wallet-rules';
import { useEffect } from 'react';
import { T, TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { RETURN_AFTER_BIND } from '@/shared/routes/nav-state';
import { PATH } from '@/shared/routes/paths';
import { useSearchParams } from '@/shared/routes/router/react';
import { dialog, toast } from '@/shared/ui/feedback';
import { IconChevronRight } from '@/shared/ui/icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PageTabs } from '@/shared/ui/page-tabs';
import { CardIcon } from '@/shared/wallet/card-icon';
import { type Card, CardType, useCards } from '@/shared/wallet/get-cards';
import { useDeleteCard } from '../api/delete-card';
import { CardTile } from '../components/card-tile';

import styles from './card-management-page.module.css';

/** Tabs of /wallet (spec 2): 1 虚拟币 (USDT addresses), 2 银行卡. */
type WalletTab = '1' | '2';
const TABS = [
  { key: '1', label: TW.tabUsdtCards },
  { key: '2', label: TW.tabBankCards },
] as const satisfies readonly { key: WalletTab; label: string }[];

/** The query's tab; anything else (type=0 from the menus, none) means 1. */
const tabOf = (type: string | null): WalletTab => (type === '2' ? '2' : '1');

/**
 * /wallet?type (spec 2): the player's USDT addresses or bank cards, each with 解除绑定 (after the
 * confirmation 确定要解除绑定该卡片吗？), and the way to bind another while fewer than five are bound.
 */
export function CardManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('type'));
  // One address per tab, so that back from a bind page lands on the tab it left.
  useEffect(() => {
    if (params.get('type') !== tab) setParams({ type: tab }, { replace: true });
  }, [params, tab, setParams]);

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.wallet} />
      <PageTabs tabs={TABS} active={tab} onChange={(key) => setParams({ type: key }, { replace: true })} />
      <CardList key={tab} usdt={tab === '1'} />
    </div>
  );
}

function CardList({ usdt }: { usdt: boolean }) {
  const cards = useCards(usdt ? CardType.usdt : CardType.bank);
  const unbind = useDeleteCard();
  const go = useAppNavigate();
  const list = cards.data ?? [];
  const full = list.length >= MAX_CARDS_PER_TYPE;
  const bindPath = usdt ? PATH.addUsdtCard : PATH.addBankCard;

  const onUnbind = async (card: Card) => {
    const confirmed = await dialog.confirm({
      content: WALLET_MSG.unbindConfirm,
      confirmText: T.confirm,
      cancelText: T.cancel,
    });
    if (!confirmed) return;
    unbind.mutate(card.id, { onSuccess: () => toast.success(WALLET_MSG.unbound) });
  };

  return (
    <section className={styles.content}>
      <div className={styles.summary}>
        <span>{usdt ? TW.tabUsdtCards : TW.tabBankCards}</span>
        {cards.isSuccess ? <span>{TW.cardsBound(list.length, MAX_CARDS_PER_TYPE)}</span> : null}
      </div>
      {cards.isPending ? (
        <div className={styles.skeleton} role="status" aria-busy="true" aria-label={T.loading} />
      ) : null}
      {cards.isSuccess && list.length === 0 ? (
        <div className={styles.empty}>
          <CardIcon ico={usdt ? 'usdt-trc20' : 'bank'} className={styles.emptyIcon} />
          <p className={styles.emptyTitle}>{usdt ? TW.noUsdtAddress : TW.noBankCard}</p>
          <p className={styles.emptyHint}>{TW.bindHint}</p>
        </div>
      ) : null}
      <div className={styles.list}>
        {list.map((card) => (
          <CardTile key={card.id} card={card} onUnbind={onUnbind} unbinding={unbind.isPending} />
        ))}
      </div>
      {cards.isSuccess && !full ? (
        <button
          type="button"
          className={styles.add}
          onClick={() => go(bindPath, { state: RETURN_AFTER_BIND })}
        >
          <span className={styles.plus} aria-hidden="true">
            +
          </span>
          {usdt ? TW.addUsdtAddress : TW.addBankCard}
        </button>
      ) : null}
      {full ? <p className={styles.limit}>{TW.cardLimitReached(MAX_CARDS_PER_TYPE)}</p> : null}
      {usdt ? (
        <button type="button" className={styles.more} onClick={() => go(PATH.usdtmore)}>
          {TW.usdtDifference}
          <IconChevronRight />
        </button>
      ) : null}
    </section>
  );
}
