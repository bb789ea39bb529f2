import { useTwoFactorState } from '@/shared/security/two-factor';
import { FieldInput, FormField } from './form-field';

export const TOTP_TEXT = {
  label: '谷歌验证码',
  placeholder: '请输入谷歌验证码或恢复码',
} as const;

interface TotpCodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The authenticator code row of the forms two-factor guards (withdraw, bind a card, change a
 * password): shown only to a player who turned two-factor on.
 */
export function TotpCodeField({ id, value, onChange }: TotpCodeFieldProps) {
  const state = useTwoFactorState();
  if (!state.data?.enabled) return null;
  return (
    <FormField htmlFor={id} label={TOTP_TEXT.label}>
      <FieldInput
        id={id}
        value={value}
        onChange={onChange}
        placeholder={TOTP_TEXT.placeholder}
        maxLength={19}
        autoComplete="one-time-code"
        clearable
      />
    </FormField>
  );
}

/** The code as a request sends it: left out when empty (a player without two-factor). */
export const totpCodeOf = (value: string) => (value.trim() ? { totp_code: value.trim() } : {});
