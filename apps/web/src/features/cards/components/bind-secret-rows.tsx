import { FormValue } from '@/shared/forms/contract-form';
import { T } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { PayPasswordField } from '@/shared/ui/pay-password-field';
import { TotpCodeField } from '@/shared/ui/totp-code-field';

/**
 * The last rows of both bind forms: the pay password (the form's `payPassword`) and, for a player with
 * two-factor on, the authenticator code (`code`).
 */
export function BindSecretRows({ idPrefix }: { idPrefix: 'bank' | 'usdt' }) {
  return (
    <>
      <FormValue name="payPassword">
        <PayPasswordField
          id={`${idPrefix}-pay-password`}
          label={T.fieldPayPassword}
          placeholder={TW.placeholderBindPayPassword}
        />
      </FormValue>
      <FormValue name="code">
        <TotpCodeField id={`${idPrefix}-totp-code`} />
      </FormValue>
    </>
  );
}
