import { type AmountRule, depositError, rangeOf } from '@app/contract/payment-rules';
import type { ReactNode } from 'react';
import { ContractForm, type FormHandle, FormValue } from '@/shared/forms/contract-form';
import { TextRow } from '@/shared/forms/text-row';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { parseAmountInput, sanitizeAmountInput } from '@/shared/lib/amount-input';
import { GoldButton } from '@/shared/ui/gold-button';
import { usePayRange } from '../api/get-pay-range';
import type { PayChannel } from '../api/get-pay-way';
import { AmountChoices } from './amount-choices';
import styles from './deposit-form.module.css';

/** The values every deposit form holds: a typed amount, or one of the channel's fixed amounts. */
export interface AmountValues {
  amount: string;
  fixedAmount: number | null;
  /** Bank deposits only. */
  depositorName?: string;
  depositorBank?: string;
}

export const EMPTY_AMOUNT: AmountValues = { amount: '', fixedAmount: null };

/** The amount a deposit form's values ask for, or null when none is given (or it is no number). */
export const amountOf = (rule: AmountRule, values: AmountValues) =>
  rule.type === 'fixed' ? values.fixedAmount : parseAmountInput(values.amount);

/** The amount rule a channel is checked against: USDT and bank take getPayRange's range (spec 9). */
function useAmountRule(channel: PayChannel): AmountRule {
  const range = usePayRange(channel.type, channel.kind !== 'online');
  return channel.kind === 'online' ? channel.rule : { type: 'range', ...range };
}

interface DepositFormProps<V extends AmountValues> {
  form: FormHandle;
  channel: PayChannel;
  initialValues: V;
  busy: boolean;
  /** Called once the deposit rules pass, with the amount asked for. */
  onValid: (values: V, amount: number) => void;
  /** Above the form's card (a bank deposit's receiving account). */
  above?: ReactNode;
  /** The channel's own rows, before the amount. */
  children?: ReactNode;
}

/**
 * One deposit channel's form (spec 2 /recharge, 5): its own rows, then the amount (the channel's fixed
 * amounts as choices, or a range to type in), checked with the contract's deposit rules before any call.
 */
export function DepositForm<V extends AmountValues>({
  form,
  channel,
  initialValues,
  busy,
  onValid,
  above,
  children,
}: DepositFormProps<V>) {
  const rule = useAmountRule(channel);
  const shownRange = rangeOf(rule);
  const check = (values: V) =>
    depositError({
      kind: channel.kind,
      rule,
      amount: amountOf(rule, values),
      depositorName: values.depositorName ?? '',
      depositorBank: values.depositorBank ?? '',
    });
  return (
    <ContractForm
      form={form}
      initialValues={initialValues}
      check={check}
      onValid={(values) => onValid(values, amountOf(rule, values) ?? 0)}
      busy={busy}
      label={channel.name}
      className={styles.form}
    >
      {above}
      <div className={styles.card}>
        {children}
        {rule.type === 'fixed' ? (
          <div className={styles.fixed}>
            <span id="deposit-amount-label" className={styles.fixedLabel}>
              {TP.fieldAmountChoice}
            </span>
            <FormValue name="fixedAmount">
              <AmountChoices labelId="deposit-amount-label" values={rule.values} />
            </FormValue>
          </div>
        ) : (
          <TextRow
            name="amount"
            id="deposit-amount"
            label={TP.fieldAmount}
            normalize={sanitizeAmountInput}
            placeholder={TP.placeholderAmount(shownRange.min, shownRange.max)}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </div>
      <div className={styles.submit}>
        <GoldButton type="submit" loading={busy}>
          {channel.kind === 'online' ? TP.submitOnline : TP.submit}
        </GoldButton>
      </div>
    </ContractForm>
  );
}
