import { registerError } from '@app/contract/auth-rules';
import { INPUT_MAX_LENGTH, REGISTER_CAPTCHA_MAX } from '@app/contract/constants';
import { MSG } from '@app/contract/messages';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { T } from '@/shared/i18n/zh-cn';
import { href } from '@/shared/routes/paths';
import { toast } from '@/shared/ui/feedback';
import { IconIdCard, IconKey, IconLock, IconUser } from '@/shared/ui/icons';
import { useRegister } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthField } from './auth-field';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field';
import type { CaptchaState } from './captcha-state';

const empty = { name: '', password: '', confirmPass: '', realname: '', paypassword: '', code: '' };

interface RegisterFormProps {
  captcha: CaptchaState;
  /** Referral id from the link, sent along with the registration. */
  pid: string | null;
}

/**
 * The register tab (spec 2, 5): the terms first, then the contract's rules in the spec's order, each
 * failure toasted with its exact message; then the server, whose message is toasted either way.
 */
export function RegisterForm({ captcha, pid }: RegisterFormProps) {
  const [fields, setFields] = useState(empty);
  const [agreed, setAgreed] = useState(true);
  const registerMutation = useRegister();
  const completeSignIn = useCompleteSignIn();
  const set = (key: keyof typeof empty) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (registerMutation.isPending) return;
    const problem = agreed ? registerError(fields) : MSG.termsUnchecked;
    if (problem) {
      toast.info(problem);
      return;
    }
    registerMutation.mutate(
      { ...fields, captcha_key: captcha.key ?? '', ...(pid ? { pid } : {}) },
      {
        onSuccess: completeSignIn,
        onError: () => setFields((f) => ({ ...f, code: '' })),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={T.register}>
      <AuthField
        id="register-name"
        label={T.fieldUsername}
        placeholder={T.placeholderUsername}
        icon={<IconUser />}
        value={fields.name}
        onChange={set('name')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="username"
      />
      <AuthField
        id="register-password"
        label={T.fieldPassword}
        placeholder={T.placeholderPassword}
        icon={<IconLock />}
        type="password"
        value={fields.password}
        onChange={set('password')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="new-password"
      />
      <AuthField
        id="register-confirm"
        label={T.fieldConfirmPassword}
        placeholder={T.placeholderConfirmPassword}
        icon={<IconLock />}
        type="password"
        value={fields.confirmPass}
        onChange={set('confirmPass')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="new-password"
      />
      <AuthField
        id="register-realname"
        label={T.fieldRealname}
        placeholder={T.placeholderRealname}
        icon={<IconIdCard />}
        value={fields.realname}
        onChange={set('realname')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="name"
      />
      <AuthField
        id="register-paypassword"
        label={T.fieldPayPassword}
        placeholder={T.placeholderPayPassword}
        icon={<IconKey />}
        type="password"
        value={fields.paypassword}
        onChange={set('paypassword')}
        maxLength={INPUT_MAX_LENGTH}
        autoComplete="off"
      />
      <CaptchaField
        id="register-code"
        captcha={captcha}
        value={fields.code}
        onChange={set('code')}
        maxLength={REGISTER_CAPTCHA_MAX}
      />
      <div className={styles.terms}>
        <Checkbox
          className={styles.termsCheck}
          checked={agreed}
          onChange={setAgreed}
          data-testid="register-terms"
        >
          {T.termsPrefix}
        </Checkbox>
        <Link to={href.abouts(5)}>{T.terms}</Link>
        {T.and}
        <Link to={href.abouts(6)}>{T.privacy}</Link>
      </div>
      <Button type="submit" block className={styles.submit} loading={registerMutation.isPending}>
        {T.register}
      </Button>
    </form>
  );
}
