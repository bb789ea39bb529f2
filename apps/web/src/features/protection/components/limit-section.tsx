import { LIMIT_KIND_LABEL, type Limit, type LimitKind, PERIOD_LABEL } from '@app/contract/protection';
import { useState } from 'react';
import { formatCurrency } from '@/shared/lib/money';
import { keepTogether } from '@/shared/lib/time';
import { BottomSheet } from '@/shared/ui/bottom-sheet';
import { toast } from '@/shared/ui/feedback';
import { FieldInput, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import styles from '@/shared/ui/settings-page.module.css';
import { useConfirmLimit, useSetLimit } from '../api/protection';
import { TP } from '../texts';

/** One kind of limit (充值 or 亏损) over its three rolling periods; a row opens its editor. */
export function LimitSection({ kind, limits, hint }: { kind: LimitKind; limits: Limit[]; hint?: string }) {
  const [editing, setEditing] = useState<Limit | null>(null);
  const confirm = useConfirmLimit();
  return (
    <section className={styles.section} data-testid={`limits-${kind}`}>
      <h2 className={styles.sectionTitle}>{LIMIT_KIND_LABEL[kind]}</h2>
      {hint ? <p className={styles.sectionHint}>{hint}</p> : null}
      {limits.map((limit) => (
        <div key={limit.period} className={styles.row} data-testid={`limit-${kind}-${limit.period}`}>
          <button type="button" className={styles.rowMain} onClick={() => setEditing(limit)}>
            <div className={styles.rowTitle}>{PERIOD_LABEL[limit.period]}</div>
            <div className={styles.rowDetail}>
              {keepTogether(
                `${TP.used(formatCurrency(limit.used))}${limit.remaining !== null ? ` · ${TP.remaining(formatCurrency(limit.remaining))}` : ''}`,
              )}
            </div>
            {limit.pending ? (
              <div className={styles.pending}>
                {keepTogether(
                  TP.pending(
                    limit.pending.amount === null ? TP.unlimited : formatCurrency(limit.pending.amount),
                    limit.pending.confirm_from,
                  ),
                )}
              </div>
            ) : null}
          </button>
          {limit.pending ? (
            <button
              type="button"
              className={styles.smallButton}
              onClick={() =>
                confirm.mutate(
                  { kind, period: limit.period },
                  { onSuccess: (message) => toast.success(message) },
                )
              }
            >
              {TP.confirmPending}
            </button>
          ) : null}
          <button type="button" className={styles.rowValue} onClick={() => setEditing(limit)}>
            {limit.amount === null ? (
              <span className={styles.unset}>{TP.notSet}</span>
            ) : (
              formatCurrency(limit.amount)
            )}
          </button>
        </div>
      ))}
      {editing ? <LimitSheet limit={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function LimitSheet({ limit, onClose }: { limit: Limit; onClose: () => void }) {
  const [amount, setAmount] = useState(limit.amount === null ? '' : String(limit.amount));
  const save = useSetLimit();
  const submit = (value: number | null) =>
    save.mutate(
      { kind: limit.kind, period: limit.period, amount: value },
      {
        onSuccess: (message) => {
          toast.success(message);
          onClose();
        },
      },
    );
  const onSave = () => {
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(value) || value <= 0) {
      toast.info('请输入正确的限额金额');
      return;
    }
    submit(value);
  };
  return (
    <BottomSheet
      visible
      title={TP.limitSheet(PERIOD_LABEL[limit.period], LIMIT_KIND_LABEL[limit.kind])}
      onClose={onClose}
    >
      <div className={styles.sheetBody}>
        <FormField htmlFor="limit-amount" label={TP.limitLabel}>
          <FieldInput
            id="limit-amount"
            type="number"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            placeholder={TP.limitPlaceholder}
            clearable
          />
        </FormField>
        <div className={styles.sheetActions}>
          <GoldButton onClick={onSave} loading={save.isPending}>
            {TP.limitSave}
          </GoldButton>
          {limit.amount !== null ? (
            <button type="button" className={styles.textButton} onClick={() => submit(null)}>
              {TP.limitRemove}
            </button>
          ) : null}
        </div>
      </div>
    </BottomSheet>
  );
}
