import styles from './amount-choices.module.css';

interface AmountChoicesProps {
  labelId: string;
  values: readonly number[];
  selected: number | null;
  onSelect: (value: number) => void;
}

/** The fixed amounts a channel takes (spec 9: e.g. Alipay scan 100, 200, ... 3000), one to choose. */
export function AmountChoices({ labelId, values, selected, onSelect }: AmountChoicesProps) {
  return (
    <div className={styles.choices} role="radiogroup" aria-labelledby={labelId}>
      {values.map((value) => (
        <label key={value} className={[styles.choice, value === selected ? styles.active : ''].join(' ')}>
          <input
            type="radio"
            name="deposit-amount"
            value={value}
            checked={value === selected}
            onChange={() => onSelect(value)}
            className={styles.radio}
          />
          {value}
        </label>
      ))}
    </div>
  );
}
