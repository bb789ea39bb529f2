import { type LoginFields, loginError } from '@app/contract/auth-rules';
import { TWO_FACTOR_CODE_WORD, TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import { useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { type FormHandle, FormValue } from '@/shared/forms/contract-form';
import { IconKey } from '@/shared/ui/icons';
import { TOTP_TEXT, totpCodeOf } from '@/shared/ui/totp-code-field';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthField, type AuthRow, passwordRow, USERNAME_ROW } from './auth-field';
import { AuthForm } from './auth-form';
import styles from './auth-form.module.css';
import type { CaptchaState } from './captcha-state';

type LoginValues = LoginFields & { totp: string };
const empty: LoginValues = { name: '', password: '', code: '', totp: '' };

const ROWS: readonly AuthRow[] = [USERNAME_ROW, passwordRow('current-password')];

/** The login tab (spec 2, 5): the contract's login rules, then the server. */
export function LoginForm({ captcha }: { captcha: CaptchaState }) {
  // Asked once the server says this account has two-factor on (after a right password).
  const [askCode, setAskCode] = useState(false);
  // While the code is asked: the key the answered captcha (`from`) stands under again.
  const [step, setStep] = useState<{ key: string; from: string | undefined } | null>(null);
  const loginMutation = useLogin();
  const completeSignIn = useCompleteSignIn();

  const onValid = ({ totp, ...fields }: LoginValues, form: FormHandle) => {
    const captchaKey = step && step.from === captcha.key ? step.key : captcha.key;
    loginMutation.mutate(
      { ...fields, captcha_key: captchaKey ?? '', ...totpCodeOf(totp) },
      {
        onSuccess: (answer) => {
          if (!answer.codeNeeded) return void completeSignIn(answer);
          setStep({ key: answer.captchaKey, from: captcha.key });
          setAskCode(true);
        },
        onError: (error) => {
          setStep(null);
          form.setFieldsValue({ code: '', totp: '' });
          if (error instanceof ApiError && error.message.includes(TWO_FACTOR_CODE_WORD)) setAskCode(true);
        },
      },
    );
  };

  return (
    <AuthForm
      kind="login"
      initialValues={empty}
      check={loginError}
      onValid={onValid}
      busy={loginMutation.isPending}
      rows={ROWS}
      captcha={captcha}
    >
      {askCode ? (
        <>
          <FormValue name="totp">
            <AuthField
              id="login-totp"
              label={TOTP_TEXT.label}
              placeholder={TOTP_TEXT.placeholder}
              icon={<IconKey />}
              maxLength={19}
              autoComplete="one-time-code"
              autoFocus
            />
          </FormValue>
          <p className={styles.codeNote} role="status">
            {TWO_FACTOR_MSG.required}
          </p>
        </>
      ) : null}
    </AuthForm>
  );
}
