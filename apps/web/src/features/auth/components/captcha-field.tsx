import { T } from '@/shared/i18n/zh-cn';
import { IconVerify } from '@/shared/ui/icons';
import { AuthField } from './auth-field';
import { CaptchaImage } from './captcha-image';
import type { CaptchaState } from './captcha-state';

interface CaptchaFieldProps {
  id: string;
  captcha: CaptchaState;
  /** Given by the form (a FormValue). */
  value?: string;
  onChange?: (value: string) => void;
  /** Spec 5: 4 characters on the register form, 6 on the login form. */
  maxLength: number;
}

/** The captcha row of both forms: the answer, and the image that a tap refreshes. */
export function CaptchaField({ id, captcha, value, onChange, maxLength }: CaptchaFieldProps) {
  return (
    <AuthField
      id={id}
      label={T.fieldCaptcha}
      placeholder={T.placeholderCaptcha}
      icon={<IconVerify />}
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      autoComplete="off"
      extra={<CaptchaImage src={captcha.img} loading={captcha.loading} onRefresh={captcha.refresh} />}
    />
  );
}
