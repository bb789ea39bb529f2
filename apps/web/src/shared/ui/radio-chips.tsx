import type { ReactNode } from 'react';

interface RadioChipsProps<T extends string | number> {
  /** The id of the label that names the group. */
  labelId: string;
  /** The radios' name (one group of choices per name on a page). */
  name: string;
  options: readonly T[];
  /** Given by the form (a FormValue), or by the page. */
  value?: T | null;
  onChange?: (value: T) => void;
  /** What a chip shows besides its value (an icon). */
  icon?: (option: T) => ReactNode;
  /** The look: the group, a chip, the chosen chip, and the hidden radio. */
  classes: { group?: string; chip?: string; active?: string; radio?: string };
}

/** One choice of several as a row of chips over hidden radios (a USDT protocol, a fixed amount). */
export function RadioChips<T extends string | number>({
  labelId,
  name,
  options,
  value,
  onChange,
  icon,
  classes,
}: RadioChipsProps<T>) {
  return (
    <div className={classes.group} role="radiogroup" aria-labelledby={labelId}>
      {options.map((option) => (
        <label key={option} className={[classes.chip, option === value ? classes.active : ''].join(' ')}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === value}
            onChange={() => onChange?.(option)}
            className={classes.radio}
          />
          {icon?.(option)}
          {option}
        </label>
      ))}
    </div>
  );
}
