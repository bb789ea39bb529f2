import {
  type AmountRule,
  depositError,
  PAYMENT_MSG,
  PAYMENT_SERVER_MSG,
  rangeOf,
} from '@app/contract/payment-rules';
import type { UsdtProtocol } from '@app/contract/wallet-rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { T, TITLE } from '@/shared/i18n/zh-cn';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { parseAmountInput, sanitizeAmountInput } from '@/shared/lib/amount-input';
import { leaveApp } from '@/shared/navigation/leave-app';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { useUserInfo } from '@/shared/session/get-user';
import { BottomSheet, SheetOption } from '@/shared/ui/bottom-sheet';
import { toast } from '@/shared/ui/feedback';
import { FieldInput, FieldSelect, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { CardIcon } from '@/shared/wallet/card-icon';
import { bankListQueryOptions } from '@/shared/wallet/get-bank-list';
import { CardType, useCards } from '@/shared/wallet/get-cards';
import { ProtocolChoice } from '@/shared/wallet/protocol-choice';
import { useGatewayRecharge } from '../api/gateway-recharge';
import { usePayBank } from '../api/get-pay-bank';
import { usePayRange } from '../api/get-pay-range';
import { type PayChannel, usePayWay } from '../api/get-pay-way';
import { useRecharge } from '../api/recharge';
import { AmountChoices } from '../components/amount-choices';
import { ChannelGrid } from '../components/channel-grid';
import { ReceivingAccountBox } from '../components/receiving-account';
import { storePendingDeposit, usePendingDepositCheck } from '../hooks/use-pending-deposit';
import styles from './recharge-page.module.css';

const TEXT_MAX = 32;

/** The amount rule a channel is checked against: USDT and bank take getPayRange's range (spec 9). */
function ruleOf(channel: PayChannel, range: { min: number; max: number }): AmountRule {
  return channel.kind === 'online' ? channel.rule : { type: 'range', ...range };
}

/**
 * /recharge, 充值 (spec 2, 4, 5): the channels the server offers (the first is chosen), then per
 * channel: USDT with its protocol (TRC20 by default) and amount, leading to the order's page; bank
 * deposits into a platform account, with the depositor's name and bank, held for review; online
 * channels (fixed amounts as choices, or a range) leave for the gateway's checkout. The amount rules
 * of spec 5 are checked before any call. A player without any card is asked to bind one, and an
 * online order left for the checkout is looked up on the next visit.
 */
export function RechargePage() {
  usePendingDepositCheck();
  const payWay = usePayWay();
  const channels = payWay.data ?? [];
  const [chosenType, setChosenType] = useState<string | null>(null);
  const channel = channels.find((c) => c.type === chosenType) ?? channels[0] ?? null;
  const kind = channel?.kind ?? null;

  const [amount, setAmount] = useState('');
  const [fixedAmount, setFixedAmount] = useState<number | null>(null);
  const [protocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const [depositorName, setDepositorName] = useState('');
  const [depositorBank, setDepositorBank] = useState('');
  const [accountId, setAccountId] = useState<number | null>(null);
  const [pickingBank, setPickingBank] = useState(false);

  const range = usePayRange(channel?.type ?? '', kind === 'usdt' || kind === 'bank');
  const accounts = usePayBank(kind === 'bank');
  const banks = useQuery({ ...bankListQueryOptions(), enabled: kind === 'bank' });
  const bankCards = useCards(CardType.bank);
  const usdtCards = useCards(CardType.usdt);
  const noCard = bankCards.data?.length === 0 && usdtCards.data?.length === 0;

  const user = useUserInfo();
  const recharge = useRecharge();
  const gateway = useGatewayRecharge();
  const go = useAppNavigate();

  const accountList = accounts.data ?? [];
  const account = accountList.find((a) => a.id === accountId) ?? accountList[0] ?? null;
  const rule = channel ? ruleOf(channel, range) : null;
  const fixedValues = rule?.type === 'fixed' ? rule.values : null;
  const shownRange = rule ? rangeOf(rule) : range;
  const busy = recharge.isPending || gateway.isPending;

  const resetAmount = () => {
    setAmount('');
    setFixedAmount(null);
  };
  const chooseChannel = (next: PayChannel) => {
    if (next.type === channel?.type) return;
    setChosenType(next.type);
    resetAmount();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!channel || !rule || busy) return;
    const value = fixedValues ? fixedAmount : parseAmountInput(amount);
    const problem = depositError({ kind: channel.kind, rule, amount: value, depositorName, depositorBank });
    if (problem || value === null) {
      if (problem) toast.info(problem);
      return;
    }

    if (channel.kind === 'online') {
      gateway.mutate(
        { payAmount: value, username: user?.username ?? '', payType: channel.type },
        {
          onSuccess: ({ orderNo, url }) => {
            storePendingDeposit(orderNo);
            leaveApp(url);
          },
        },
      );
      return;
    }
    if (channel.kind === 'bank' && !account) {
      toast.info(PAYMENT_SERVER_MSG.noReceivingAccount);
      return;
    }
    const usdt = channel.kind === 'usdt';
    recharge.mutate(
      {
        paytype: channel.type,
        amount: value,
        bank: usdt ? '' : depositorBank.trim(),
        bank_address: '',
        bank_no: usdt ? '' : (account?.bank_no ?? ''),
        bank_owner: usdt ? '' : depositorName.trim(),
        catepay: usdt ? protocol : '',
      },
      {
        onSuccess: (result) => {
          if (usdt) {
            go(href.payInfo(result.deposit_no, result.order_token));
            return;
          }
          toast.success(result.message || PAYMENT_MSG.submitted);
          resetAmount();
          setDepositorName('');
          setDepositorBank('');
        },
      },
    );
  };

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
          <ChannelGrid channels={channels} selected={channel?.type ?? null} onSelect={chooseChannel} />
        )}
      </section>

      {channel ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={channel.name}>
          {kind === 'bank' ? (
            <ReceivingAccountBox
              accounts={accountList}
              loading={accounts.isPending}
              selected={account}
              onSelect={(a) => setAccountId(a.id)}
            />
          ) : null}

          <div className={styles.card}>
            {kind === 'usdt' ? (
              <FormField labelId="usdt-protocol-label" label={TP.fieldProtocol}>
                <ProtocolChoice labelId="usdt-protocol-label" value={protocol} onChange={setProtocol} />
              </FormField>
            ) : null}

            {kind === 'bank' ? (
              <>
                <FormField htmlFor="depositor-name" label={TP.fieldDepositorName}>
                  <FieldInput
                    id="depositor-name"
                    value={depositorName}
                    onChange={setDepositorName}
                    placeholder={TP.placeholderDepositorName}
                    maxLength={TEXT_MAX}
                    autoComplete="name"
                    clearable
                  />
                </FormField>
                <FormField htmlFor="depositor-bank" label={TP.fieldDepositorBank}>
                  <FieldSelect
                    id="depositor-bank"
                    value={depositorBank || undefined}
                    placeholder={TP.placeholderDepositorBank}
                    onClick={() => setPickingBank(true)}
                  />
                </FormField>
              </>
            ) : null}

            {fixedValues ? (
              <div className={styles.fixed}>
                <span id="deposit-amount-label" className={styles.fixedLabel}>
                  {TP.fieldAmountChoice}
                </span>
                <AmountChoices
                  labelId="deposit-amount-label"
                  values={fixedValues}
                  selected={fixedAmount}
                  onSelect={setFixedAmount}
                />
              </div>
            ) : (
              <FormField htmlFor="deposit-amount" label={TP.fieldAmount}>
                <FieldInput
                  id="deposit-amount"
                  value={amount}
                  onChange={(text) => setAmount(sanitizeAmountInput(text))}
                  placeholder={TP.placeholderAmount(shownRange.min, shownRange.max)}
                  inputMode="decimal"
                  autoComplete="off"
                  clearable
                />
              </FormField>
            )}
          </div>

          <div className={styles.submit}>
            <GoldButton type="submit" loading={busy}>
              {kind === 'online' ? TP.submitOnline : TP.submit}
            </GoldButton>
          </div>
        </form>
      ) : null}

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

      <BottomSheet title={TP.chooseDepositorBank} visible={pickingBank} onClose={() => setPickingBank(false)}>
        {banks.isPending ? <p className={styles.note}>{T.loading}</p> : null}
        {(banks.data ?? []).map((name) => (
          <SheetOption
            key={name}
            selected={name === depositorBank}
            icon={<CardIcon ico="bank" className={styles.bankOption} />}
            title={name}
            onClick={() => {
              setDepositorBank(name);
              setPickingBank(false);
            }}
          />
        ))}
      </BottomSheet>
    </div>
  );
}
