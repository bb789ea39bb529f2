import { RadioChips } from '@/shared/ui/radio-chips';
import styles from './amount-choices.module.css';

const CLASSES = { group: styles.choices, chip: styles.choice, active: styles.active, radio: styles.radio };

/** The fixed amounts a channel takes (spec 9: e.g. Alipay scan 100, 200, ... 3000), one to choose. */
export function AmountChoices(props: {
  labelId: string;
  values: readonly number[];
  /** Given by the form (a FormValue). */
  value?: number | null;
  onChange?: (value: number) => void;
}) {
  const { values, ...rest } = props;
  return <RadioChips name="deposit-amount" options={values} classes={CLASSES} {...rest} />;
}
