import { loginError } from '@app/contract/auth-rules';
import { INPUT_MAX_LENGTH, LOGIN_CAPTCHA_MAX } from '@app/contract/constants';
import Button from 'antd-mobile/es/components/button';
import { type FormEvent, useState } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { toast } from '@/shared/ui/feedback';
import { IconLock, IconUser } from '@/shared/ui/icons';
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
      { ...fields, captcha_key: captcha.key ?? '' },
      {
        onSuccess: completeSignIn,
        onError: () => setFields((f) => ({ ...f, code: '' })),
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
      <Button type="submit" block className={styles.submit} loading={loginMutation.isPending}>
        {T.login}
      </Button>
    </form>
  );
}
