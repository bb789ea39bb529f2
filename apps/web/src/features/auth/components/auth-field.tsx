import { INPUT_MAX_LENGTH } from '@app/contract/constants';
import Input from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import { FormValue } from '@/shared/forms/contract-form';
import { T } from '@/shared/i18n/zh-cn';
import { IconLock, IconUser } from '@/shared/ui/icons';
import styles from './auth-form.module.css';

interface AuthFieldProps {
  id: string;
  label: string;
  placeholder: string;
  icon: ReactNode;
  /** Given by the form (a FormValue). */
  value?: string;
  onChange?: (value: string) => void;
  maxLength: number;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
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

/** A text row of a login or register form, held by the form under `name`. */
export interface AuthRow {
  name: string;
  /** The input's id after the form's prefix (`login-name`). */
  id: string;
  label: string;
  placeholder: string;
  icon: ReactNode;
  type?: 'text' | 'password';
  autoComplete: string;
}

/** The text rows of a login or register form, in order, each capped at the spec's 32 characters. */
export function AuthRows({ form, rows }: { form: 'login' | 'register'; rows: readonly AuthRow[] }) {
  return rows.map(({ name, id, ...row }) => (
    <FormValue key={name} name={name}>
      <AuthField id={`${form}-${id}`} maxLength={INPUT_MAX_LENGTH} {...row} />
    </FormValue>
  ));
}

/** The username row both forms start with. */
export const USERNAME_ROW: AuthRow = {
  name: 'name',
  id: 'name',
  label: T.fieldUsername,
  placeholder: T.placeholderUsername,
  icon: <IconUser />,
  autoComplete: 'username',
};

/** The password row both forms ask next: the current password to log in, a new one to register. */
export const passwordRow = (autoComplete: 'current-password' | 'new-password'): AuthRow => ({
  name: 'password',
  id: 'password',
  label: T.fieldPassword,
  placeholder: T.placeholderPassword,
  icon: <IconLock />,
  type: 'password',
  autoComplete,
});
