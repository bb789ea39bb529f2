import Input from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import styles from './auth-form.module.css';

interface AuthFieldProps {
  id: string;
  label: string;
  placeholder: string;
  icon: ReactNode;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  type?: 'text' | 'password';
  autoComplete?: string;
  /** Shown at the end of the row (the captcha image). */
  extra?: ReactNode;
}

/** One row of the login/register forms: icon, input (labelled for screen readers and tests), extra. */
export function AuthField({ id, label, icon, extra, type = 'text', ...input }: AuthFieldProps) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldIcon} aria-hidden="true">
        {icon}
      </span>
      <label htmlFor={id} className={styles.visuallyHidden}>
        {label}
      </label>
      <Input id={id} name={id} className={styles.input} type={type} clearable {...input} />
      {extra}
    </div>
  );
}
