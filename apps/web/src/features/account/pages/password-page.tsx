import { ACCOUNT_MSG, passwordChangeError } from '@app/contract/account-rules';
import { PAY_PASSWORD_LENGTH } from '@app/contract/constants';
import { ContractForm, Form, FormValue } from '@/shared/forms/contract-form';
import { NoteAndSubmit } from '@/shared/forms/note-and-submit';
import { TextRow } from '@/shared/forms/text-row';
import { TA } from '@/shared/i18n/zh-cn/account';
import { PATH } from '@/shared/routes/paths';
import { useNavigate, useSearchParams } from '@/shared/routes/router/react';
import { signOut } from '@/shared/session/sign-out';
import { toast } from '@/shared/ui/feedback';
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

type PasswordValues = { old: string; next: string; confirm: string; code: string };
const empty: PasswordValues = { old: '', next: '', confirm: '', code: '' };

/** The three password rows, in order: the form's name, the input's id and label, and whether it is the old one. */
const ROWS = [
  { name: 'old', id: 'password-old', label: TA.fieldOldPassword, current: true },
  { name: 'next', id: 'password-new', label: TA.fieldNewPassword, current: false },
  { name: 'confirm', id: 'password-confirm', label: TA.fieldConfirmPassword, current: false },
] as const;

function PasswordForm({ kind }: { kind: PasswordKind }) {
  const [form] = Form.useForm();
  const change = useChangePassword();
  const navigate = useNavigate();
  const isLogin = kind === 1;
  const maxLength = isLogin ? LOGIN_PASSWORD_MAX : PAY_PASSWORD_LENGTH.max;
  const placeholders = {
    old: TA.placeholderOldPassword,
    next: isLogin ? TA.placeholderNewPassword : TA.placeholderNewPayPassword,
    confirm: TA.placeholderConfirmPassword,
  };

  const onValid = ({ old, next, code }: PasswordValues) =>
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
          form.setFieldsValue(empty);
        },
        onError: () => form.setFieldsValue({ old: '', code: '' }),
      },
    );

  return (
    <div className={styles.page}>
      <PageNavBar title={isLogin ? TA.loginPasswordTitle : TA.payPasswordTitle} />
      <ContractForm
        form={form}
        initialValues={empty}
        check={passwordChangeError}
        onValid={onValid}
        busy={change.isPending}
      >
        <div className={styles.card}>
          {ROWS.map((row) => (
            <TextRow
              key={row.name}
              name={row.name}
              id={row.id}
              label={row.label}
              type="password"
              placeholder={placeholders[row.name]}
              maxLength={maxLength}
              autoComplete={isLogin ? (row.current ? 'current-password' : 'new-password') : 'off'}
            />
          ))}
          <FormValue name="code">
            <TotpCodeField id="password-totp-code" />
          </FormValue>
        </div>
        <NoteAndSubmit
          note={isLogin ? TA.loginPasswordNote : TA.payPasswordNote}
          submitText={TA.confirmChange}
          loading={change.isPending}
          classes={{ note: styles.hint, submit: styles.submit }}
        />
      </ContractForm>
    </div>
  );
}
