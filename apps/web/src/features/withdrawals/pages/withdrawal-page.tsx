import { MIN_WITHDRAWAL, POLL, WITHDRAW_REDIRECT_MS } from '@app/contract/constants';
import { WALLET_MSG, withdrawError } from '@app/contract/wallet-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { T, TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { amountToInput, parseAmountInput, sanitizeAmountInput } from '@/shared/lib/amount-input';
import { formatMoney } from '@/shared/lib/money';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { RETURN_AFTER_BIND } from '@/shared/routes/nav-state';
import { PATH } from '@/shared/routes/paths';
import { useUserInfo } from '@/shared/session/get-user';
import { useOpenSupport } from '@/shared/support/get-service-url';
import { toast } from '@/shared/ui/feedback';
import { FieldAction, FieldInput, FieldSelect, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconHeadset } from '@/shared/ui/icons';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PageTabs } from '@/shared/ui/page-tabs';
import { PayPasswordField } from '@/shared/ui/pay-password-field';
import { TotpCodeField, totpCodeOf } from '@/shared/ui/totp-code-field';
import { type Card, CardType, usdtProtocolOf, useCards } from '@/shared/wallet/get-cards';
import { useWalletBalances } from '@/shared/wallet/use-wallet-balances';
import { VenueGrid } from '@/shared/wallet/venue-grid';
import { WalletSummary } from '@/shared/wallet/wallet-summary';
import { useBetAmount } from '../api/get-bet-amount';
import { useWithdraw } from '../api/withdraw';
import { CardSelectSheet, cardLabel } from '../components/card-select-sheet';
import styles from './withdrawal-page.module.css';

/** Tabs of /withdrawal (spec 2): 1 USDT取款 (default), 2 银行卡取款. */
type WithdrawTab = '1' | '2';
const TABS = [
  { key: '1', label: TW.tabUsdtWithdraw },
  { key: '2', label: TW.tabBankWithdraw },
] as const satisfies readonly { key: WithdrawTab; label: string }[];

/** The fee a USDT withdrawal to this address pays (spec 2): ERC20's, or else the TRC fee. */
export function usdtFeeFor(card: Card, fees: { withdrawcashfee: number; withdrawfeeusdttrc: number }) {
  return usdtProtocolOf(card) === 'ERC20' ? fees.withdrawcashfee : fees.withdrawfeeusdttrc;
}

/**
 * /withdrawal, 取款 (spec 2, 4, 5): balances with refresh and 一键回收, the venues, and the form:
 * where to (a USDT address or a bank card from a bottom sheet), the turnover still required, the
 * amount with 最大金额, the pay password and, for USDT, the fee. Checked in the spec's order; on
 * success 提交成功，等待后台审核, a fresh form and, 1.5 s later, the transaction records.
 */
export function WithdrawalPage() {
  const [tab, setTab] = useState<WithdrawTab>('1');
  const [cardId, setCardId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [picking, setPicking] = useState(false);
  const usdt = tab === '1';

  const balances = useWalletBalances(POLL.walletMs);
  const cards = useCards(usdt ? CardType.usdt : CardType.bank);
  const betAmount = useBetAmount();
  const user = useUserInfo();
  const withdraw = useWithdraw();
  const go = useAppNavigate();
  const openSupport = useOpenSupport();

  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const card = cards.data?.find((c) => c.id === cardId) ?? null;
  const fee = usdt && card && user ? usdtFeeFor(card, user) : null;

  const resetForm = () => {
    setCardId(null);
    setAmount('');
    setPassword('');
    setCode('');
  };
  const switchTab = (next: WithdrawTab) => {
    if (next === tab) return;
    setTab(next);
    resetForm();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    const value = parseAmountInput(amount);
    const problem = withdrawError({ tab: usdt ? 1 : 2, cardId: card?.id ?? null, amount: value, password });
    if (problem || !card || value === null) {
      if (problem) toast.info(problem);
      return;
    }
    withdraw.mutate(
      { amount: value, bank: card.id, password, ...totpCodeOf(code) },
      {
        onSuccess: () => {
          toast.success(WALLET_MSG.submitted);
          resetForm();
          redirect.current = setTimeout(() => go(PATH.transRecord), WITHDRAW_REDIRECT_MS);
        },
        onError: () => {
          setPassword('');
          setCode('');
        },
      },
    );
  };

  const required = betAmount.data;
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.withdrawal} />
      <PageTabs tabs={TABS} active={tab} onChange={switchTab} />
      <WalletSummary balances={balances} />
      <VenueGrid venues={balances.venues} loading={balances.venuesLoading} />

      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={usdt ? TW.tabUsdtWithdraw : TW.tabBankWithdraw}
      >
        <div className={styles.card}>
          <FormField htmlFor="withdraw-card" label={usdt ? TW.fieldWithdrawUsdt : TW.fieldWithdrawCard}>
            <FieldSelect
              id="withdraw-card"
              value={card ? cardLabel(card) : undefined}
              placeholder={usdt ? TW.placeholderWithdrawUsdt : TW.placeholderWithdrawCard}
              onClick={() => setPicking(true)}
            />
          </FormField>
          <FormField
            htmlFor="withdraw-bet-amount"
            label={TW.fieldBetAmount}
            extra={
              required === undefined ? undefined : required > 0 ? (
                <span className={styles.pending}>{TW.betAmountPending}</span>
              ) : (
                <span className={styles.done}>{TW.betAmountDone}</span>
              )
            }
          >
            <FieldInput
              id="withdraw-bet-amount"
              value={required === undefined ? '' : formatMoney(required)}
              placeholder={betAmount.isPending ? T.loading : ''}
              readOnly
            />
          </FormField>
          <FormField
            htmlFor="withdraw-amount"
            label={TW.fieldWithdrawAmount}
            extra={
              <FieldAction onClick={() => setAmount(amountToInput(balances.central))}>
                {TW.maxAmount}
              </FieldAction>
            }
          >
            <FieldInput
              id="withdraw-amount"
              value={amount}
              onChange={(text) => setAmount(sanitizeAmountInput(text))}
              placeholder={TW.placeholderWithdrawAmount(MIN_WITHDRAWAL)}
              inputMode="decimal"
              autoComplete="off"
            />
          </FormField>
          <PayPasswordField
            id="withdraw-password"
            label={TW.fieldWithdrawPassword}
            placeholder={TW.placeholderWithdrawPassword}
            value={password}
            onChange={setPassword}
          />
          <TotpCodeField id="withdraw-totp-code" value={code} onChange={setCode} />
          {fee !== null ? (
            <div className={styles.feeRow} data-testid="withdraw-fee">
              <span>{TW.withdrawFee}</span>
              <strong>{formatMoney(fee)} USDT</strong>
            </div>
          ) : null}
        </div>

        <div className={styles.submit}>
          <GoldButton type="submit" loading={withdraw.isPending}>
            {TW.submitWithdraw}
          </GoldButton>
        </div>
        <p className={styles.support}>
          {TW.supportPrompt}
          <button type="button" onClick={() => void openSupport()}>
            <IconHeadset />
            {TW.contactSupport}
          </button>
        </p>
      </form>

      <section className={styles.tips} aria-label={TW.tipsTitle}>
        <h2 className={styles.tipsTitle}>
          <IconInfo />
          {TW.tipsTitle}
        </h2>
        <ol>
          {TW.withdrawTips(MIN_WITHDRAWAL).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>

      <CardSelectSheet
        usdt={usdt}
        visible={picking}
        onClose={() => setPicking(false)}
        cards={cards.data ?? []}
        loading={cards.isPending}
        selectedId={cardId}
        onSelect={(chosen) => {
          setCardId(chosen.id);
          setPicking(false);
        }}
        onBind={() => {
          setPicking(false);
          go(usdt ? PATH.addUsdtCard : PATH.addBankCard, { state: RETURN_AFTER_BIND });
        }}
      />
    </div>
  );
}
