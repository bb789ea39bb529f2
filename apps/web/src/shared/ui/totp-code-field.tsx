import { useTwoFactorState } from '@/shared/security/two-factor';
import { FieldInput, FormField } from './form-field';

export const TOTP_TEXT = {
  label: '谷歌验证码',
  placeholder: '请输入谷歌验证码或恢复码',
} as const;

interface TotpCodeInputProps {
  id: string;
  /** Given by the form (a FormValue), or by the page. */
  value?: string;
  onChange?: (value: string) => void;
  /** An enrolment's first code: six digits only (no recovery code exists yet). */
  digitsOnly?: boolean;
  placeholder?: string;
}

/** The row of an authenticator code (or a recovery code): never autofilled but by the one-time-code hint. */
export function TotpCodeInput({ id, value, onChange, digitsOnly, placeholder }: TotpCodeInputProps) {
  return (
    <FormField htmlFor={id} label={TOTP_TEXT.label}>
      <FieldInput
        id={id}
        value={value}
        onChange={onChange}
        placeholder={placeholder ?? TOTP_TEXT.placeholder}
        maxLength={digitsOnly ? 6 : 19}
        inputMode={digitsOnly ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        clearable
      />
    </FormField>
  );
}

/**
 * The code row of the forms two-factor guards (withdraw, bind a card, change a password): shown
 * only to a player who turned two-factor on.
 */
export function TotpCodeField(props: Omit<TotpCodeInputProps, 'digitsOnly' | 'placeholder'>) {
  const state = useTwoFactorState();
  return state.data?.enabled ? <TotpCodeInput {...props} /> : null;
}

/** The code as a request sends it: left out when empty (a player without two-factor). */
export const totpCodeOf = (value: string) => (value.trim() ? { totp_code: value.trim() } : {});
