import { ACCOUNT_MSG, passwordChangeError } from '@app/contract/account-rules';
import { PAY_PASSWORD_LENGTH } from '@app/contract/constants';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TA } from '@/shared/i18n/zh-cn/account';
import { PATH } from '@/shared/routes/paths';
import { signOut } from '@/shared/session/sign-out';
import { toast } from '@/shared/ui/feedback';
import { FieldInput, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { TotpCodeField } from '@/shared/ui/totp-code-field';
import { type PasswordKind, useChangePassword } from '../api/change-password';
import styles from './account-page.module.css';

/** Inputs allow at most 32 characters (spec 5); a pay password is 6-18. */
const LOGIN_PASSWORD_MAX = 32;

/**
 * /password?type=1|2 (spec 2, 4, 5): old, new and confirm, checked in the spec's order. A new login
 * password ends every session: the app forgets the player (as a logout does) and goes to /login. A new
 * withdrawal password keeps the player here.
 */
export function PasswordPage() {
  const [params] = useSearchParams();
  const kind: PasswordKind = params.get('type') === '2' ? 2 : 1;
  // A fresh form for each kind: the same page serves both.
  return <PasswordForm key={kind} kind={kind} />;
}

function PasswordForm({ kind }: { kind: PasswordKind }) {
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const change = useChangePassword();
  const navigate = useNavigate();
  const isLogin = kind === 1;
  const maxLength = isLogin ? LOGIN_PASSWORD_MAX : PAY_PASSWORD_LENGTH.max;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const problem = passwordChangeError({ old, next, confirm });
    if (problem) {
      toast.info(problem);
      return;
    }
    change.mutate(
      { kind, old, next, code },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_MSG.changed);
          if (isLogin) {
            // The server has ended every session: forget this one before anything polls with it.
            signOut();
            navigate(PATH.login, { replace: true });
            return;
          }
          setOld('');
          setNext('');
          setConfirm('');
          setCode('');
        },
        onError: () => {
          setOld('');
          setCode('');
        },
      },
    );
  };

  const autoComplete = (purpose: 'current-password' | 'new-password') => (isLogin ? purpose : 'off');
  return (
    <div className={styles.page}>
      <PageNavBar title={isLogin ? TA.loginPasswordTitle : TA.payPasswordTitle} />
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.card}>
          <FormField htmlFor="password-old" label={TA.fieldOldPassword}>
            <FieldInput
              id="password-old"
              type="password"
              value={old}
              onChange={setOld}
              placeholder={TA.placeholderOldPassword}
              maxLength={maxLength}
              autoComplete={autoComplete('current-password')}
              clearable
            />
          </FormField>
          <FormField htmlFor="password-new" label={TA.fieldNewPassword}>
            <FieldInput
              id="password-new"
              type="password"
              value={next}
              onChange={setNext}
              placeholder={isLogin ? TA.placeholderNewPassword : TA.placeholderNewPayPassword}
              maxLength={maxLength}
              autoComplete={autoComplete('new-password')}
              clearable
            />
          </FormField>
          <FormField htmlFor="password-confirm" label={TA.fieldConfirmPassword}>
            <FieldInput
              id="password-confirm"
              type="password"
              value={confirm}
              onChange={setConfirm}
              placeholder={TA.placeholderConfirmPassword}
              maxLength={maxLength}
              autoComplete={autoComplete('new-password')}
              clearable
            />
          </FormField>
          <TotpCodeField id="password-totp-code" value={code} onChange={setCode} />
        </div>
        <p className={styles.hint}>
          <IconInfo />
          {isLogin ? TA.loginPasswordNote : TA.payPasswordNote}
        </p>
        <div className={styles.submit}>
          <GoldButton type="submit" loading={change.isPending}>
            {TA.confirmChange}
          </GoldButton>
        </div>
      </form>
    </div>
  );
}
