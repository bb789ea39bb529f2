import { type Referral, type RegisterFields, registerError } from '@app/contract/auth-rules';
import { MSG } from '@app/contract/messages';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { type FormHandle, FormValue } from '@/shared/forms/contract-form';
import { T } from '@/shared/i18n/zh-cn';
import { href } from '@/shared/routes/paths';
import { Link } from '@/shared/routes/router/react';
import { IconIdCard, IconKey, IconLock } from '@/shared/ui/icons';
import { useRegister } from '../api/register';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { type AuthRow, passwordRow, USERNAME_ROW } from './auth-field';
import { AuthForm } from './auth-form';
import styles from './auth-form.module.css';
import type { CaptchaState } from './captcha-state';

type RegisterValues = RegisterFields & { agreed: boolean };
const empty: RegisterValues = {
  name: '',
  password: '',
  confirmPass: '',
  realname: '',
  paypassword: '',
  code: '',
  agreed: true,
};

const ROWS: readonly AuthRow[] = [
  USERNAME_ROW,
  passwordRow('new-password'),
  {
    name: 'confirmPass',
    id: 'confirm',
    label: T.fieldConfirmPassword,
    placeholder: T.placeholderConfirmPassword,
    icon: <IconLock />,
    type: 'password',
    autoComplete: 'new-password',
  },
  {
    name: 'realname',
    id: 'realname',
    label: T.fieldRealname,
    placeholder: T.placeholderRealname,
    icon: <IconIdCard />,
    autoComplete: 'name',
  },
  {
    name: 'paypassword',
    id: 'paypassword',
    label: T.fieldPayPassword,
    placeholder: T.placeholderPayPassword,
    icon: <IconKey />,
    type: 'password',
    autoComplete: 'off',
  },
];

/** The terms first (the player app's own check, never the server's), then the contract's register rules. */
const check = ({ agreed, ...fields }: RegisterValues) =>
  agreed ? registerError(fields) : MSG.termsUnchecked;

interface RegisterFormProps {
  captcha: CaptchaState;
  /** The agent's link the page was opened by, sent along with the registration. */
  referral: Referral;
}

/**
 * The register tab (spec 2, 5): the terms first, then the contract's rules in the spec's order, each
 * failure toasted with its exact message; then the server, whose message is toasted either way.
 */
export function RegisterForm({ captcha, referral }: RegisterFormProps) {
  const registerMutation = useRegister();
  const completeSignIn = useCompleteSignIn();

  const onValid = ({ agreed: _, ...fields }: RegisterValues, form: FormHandle) =>
    registerMutation.mutate(
      { ...fields, captcha_key: captcha.key ?? '', ...referral },
      { onSuccess: completeSignIn, onError: () => form.setFieldsValue({ code: '' }) },
    );

  return (
    <AuthForm
      kind="register"
      initialValues={empty}
      check={check}
      onValid={onValid}
      busy={registerMutation.isPending}
      rows={ROWS}
      captcha={captcha}
    >
      <div className={styles.terms}>
        <FormValue name="agreed" valuePropName="checked">
          <Checkbox className={styles.termsCheck} data-testid="register-terms">
            {T.termsPrefix}
          </Checkbox>
        </FormValue>
        <Link to={href.abouts(5)}>{T.terms}</Link>
        {T.and}
        <Link to={href.abouts(6)}>{T.privacy}</Link>
      </div>
    </AuthForm>
  );
}
