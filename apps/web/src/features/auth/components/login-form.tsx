import { loginError } from '@app/contract/auth-rules';
import { INPUT_MAX_LENGTH, LOGIN_CAPTCHA_MAX } from '@app/contract/constants';
import { TWO_FACTOR_CODE_WORD } from '@app/contract/two-factor-rules';
import Button from 'antd-mobile/es/components/button';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { T } from '@/shared/i18n/zh-cn';
import { toast } from '@/shared/ui/feedback';
import { IconKey, IconLock, IconUser } from '@/shared/ui/icons';
import { TOTP_TEXT, totpCodeOf } from '@/shared/ui/totp-code-field';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthField } from './auth-field';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field';
import type { CaptchaState } from './captcha-state';

const empty = { name: '', password: '', code: '' };

/** The login tab (spec 2, 5): the contract's login rules, then the server. */
export function LoginForm({ captcha }: { captcha: CaptchaState }) {
  const [fields, setFields] = useState(empty);
  // Asked once the server says this account has two-factor on (after a right password).
  const [askCode, setAskCode] = useState(false);
  const [totp, setTotp] = useState('');
  const loginMutation = useLogin();
  const completeSignIn = useCompleteSignIn();
  const set = (key: keyof typeof empty) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const problem = loginError(fields);
    if (problem) {
      toast.info(problem);
      return;
    }
    loginMutation.mutate(
      { ...fields, captcha_key: captcha.key ?? '', ...totpCodeOf(totp) },
      {
        onSuccess: completeSignIn,
        onError: (error) => {
          setFields((f) => ({ ...f, code: '' }));
          setTotp('');
          if (error instanceof ApiError && error.message.includes(TWO_FACTOR_CODE_WORD)) setAskCode(true);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={T.login}>
      <AuthField
        id="login-name"
        label={T.fieldUsername}
        placeholder={T.placeholderUsername}
        icon={<IconUser />}
        value={fields.name}
        onChange={set('name')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="username"
      />
      <AuthField
        id="login-password"
        label={T.fieldPassword}
        placeholder={T.placeholderPassword}
        icon={<IconLock />}
        type="password"
        value={fields.password}
        onChange={set('password')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="current-password"
      />
      <CaptchaField
        id="login-code"
        captcha={captcha}
        value={fields.code}
        onChange={set('code')}
        maxLength={LOGIN_CAPTCHA_MAX}
      />
      {askCode ? (
        <AuthField
          id="login-totp"
          label={TOTP_TEXT.label}
          placeholder={TOTP_TEXT.placeholder}
          icon={<IconKey />}
          value={totp}
          onChange={setTotp}
          maxLength={19}
          autoComplete="one-time-code"
        />
      ) : null}
      <Button type="submit" block className={styles.submit} loading={loginMutation.isPending}>
        {T.login}
      </Button>
    </form>
  );
}
