import { T } from '@/shared/i18n/zh-cn';
import { Spinner } from '@/shared/ui/spinner';
import styles from './auth-form.module.css';

interface CaptchaImageProps {
  src: string | undefined;
  loading: boolean;
  onRefresh: () => void;
}

/** The captcha picture; tapping it fetches another. */
export function CaptchaImage({ src, loading, onRefresh }: CaptchaImageProps) {
  return (
    <button
      type="button"
      className={styles.captcha}
      onClick={onRefresh}
      aria-label={T.captchaRefresh}
      data-testid="captcha-refresh"
    >
      {loading ? <Spinner size={18} /> : null}
      {!loading && src ? <img src={src} alt={T.captchaAlt} /> : null}
      {!loading && !src ? T.captchaRefresh : null}
    </button>
  );
}
