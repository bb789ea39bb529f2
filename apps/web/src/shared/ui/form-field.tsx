import Input, { type InputProps } from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import styles from './form-field.module.css';
import { IconChevronRight } from './icons';

interface FormFieldProps {
  /** The control's id, so that the label names it (screen readers, tests). */
  htmlFor?: string;
  /** Without a single control (a group of choices): the label's id, for aria-labelledby. */
  labelId?: string;
  label: string;
  children: ReactNode;
  /** Shown at the end of the row (a 最大金额 button, a paste button). */
  extra?: ReactNode;
  /** Rows whose control grows over several lines align to the top. */
  alignTop?: boolean;
}

/** One row of a form card: the label on the left, the control, an optional action on the right. */
export function FormField({ htmlFor, labelId, label, children, extra, alignTop }: FormFieldProps) {
  return (
    <div className={[styles.field, alignTop ? styles.alignTop : ''].join(' ')}>
      {htmlFor ? (
        <label htmlFor={htmlFor} className={styles.label}>
          {label}
        </label>
      ) : (
        <span id={labelId} className={styles.label}>
          {label}
        </span>
      )}
      <div className={styles.control}>{children}</div>
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}

/** antd-mobile's Input in the theme of the form cards. */
export function FieldInput(props: InputProps & { id: string }) {
  return <Input className={styles.input} {...props} />;
}

interface FieldSelectProps {
  id: string;
  /** What is chosen, or nothing or '' (then the placeholder shows); given by the form (a FormValue) or the page. */
  value?: ReactNode;
  placeholder: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A control that opens a bottom sheet to choose from (a card, a bank, a wallet). */
export function FieldSelect({ id, value, placeholder, onClick, disabled }: FieldSelectProps) {
  return (
    <button type="button" id={id} className={styles.select} onClick={onClick} disabled={disabled}>
      <span className={value ? styles.selectValue : styles.placeholder}>{value || placeholder}</span>
      <IconChevronRight className={styles.chevron} />
    </button>
  );
}

/** A multi-line text control in the theme of the form cards (a USDT address). */
export function FieldTextArea(props: {
  id: string;
  /** Given by the form (a FormValue). */
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  rows?: number;
}) {
  const { onChange, rows = 2, ...rest } = props;
  return (
    <textarea
      className={styles.textarea}
      rows={rows}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      onChange={(event) => onChange?.(event.target.value)}
      {...rest}
    />
  );
}

/** A small outlined button at the end of a row (最大金额, 粘贴). */
export function FieldAction({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={styles.action} onClick={onClick}>
      {children}
    </button>
  );
}
