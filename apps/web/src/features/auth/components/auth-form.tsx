import { LOGIN_CAPTCHA_MAX, REGISTER_CAPTCHA_MAX } from '@app/contract/constants';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { ContractForm, Form, type FormHandle, FormValue } from '@/shared/forms/contract-form';
import { T } from '@/shared/i18n/zh-cn';
import { type AuthRow, AuthRows } from './auth-field';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field';
import type { CaptchaState } from './captcha-state';

/** Each form's name and button text, and its captcha's length (spec 5: 6 to log in, 4 to register). */
const KINDS = {
  login: { title: T.login, captchaMax: LOGIN_CAPTCHA_MAX },
  register: { title: T.register, captchaMax: REGISTER_CAPTCHA_MAX },
} as const;

interface AuthFormProps<V extends object> {
  kind: keyof typeof KINDS;
  initialValues: V;
  /** The contract's rules for the values, in the spec's order. */
  check: (values: V) => string | null;
  /** Called once the rules pass, with the form (to empty the captcha after a refusal). */
  onValid: (values: V, form: FormHandle) => void;
  busy: boolean;
  rows: readonly AuthRow[];
  captcha: CaptchaState;
  /** What comes between the captcha and the button (the terms, the authenticator code). */
  children?: ReactNode;
}

/** The login or register form: its text rows, the captcha (its answer the form's `code`), then the button. */
export function AuthForm<V extends object>({
  kind,
  initialValues,
  check,
  onValid,
  busy,
  rows,
  captcha,
  children,
}: AuthFormProps<V>) {
  const [form] = Form.useForm();
  const { title, captchaMax } = KINDS[kind];
  return (
    <ContractForm
      form={form}
      initialValues={initialValues}
      check={check}
      onValid={(values) => onValid(values, form)}
      busy={busy}
      label={title}
      className={styles.form}
    >
      <AuthRows form={kind} rows={rows} />
      <FormValue name="code">
        <CaptchaField id={`${kind}-code`} captcha={captcha} maxLength={captchaMax} />
      </FormValue>
      {children}
      <Button type="submit" block className={styles.submit} loading={busy}>
        {title}
      </Button>
    </ContractForm>
  );
}
