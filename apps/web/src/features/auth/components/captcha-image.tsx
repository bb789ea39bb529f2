import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { T } from '@/shared/i18n/zh-cn';
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
      {loading ? <SpinLoading style={{ '--size': '18px' }} /> : null}
      {!loading && src ? <img src={src} alt={T.captchaAlt} /> : null}
      {!loading && !src ? T.captchaRefresh : null}
    </button>
  );
}
