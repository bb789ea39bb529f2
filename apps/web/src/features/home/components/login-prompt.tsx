import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href } from '@/shared/routes/paths';
import { useAppInfo } from '@/shared/session/get-app-info';
import styles from './account-panel.module.css';

/** Home's prompt for a visitor (spec 2): log in or register. */
export function LoginPrompt() {
  const go = useAppNavigate();
  const appInfo = useAppInfo();
  return (
    <section className={styles.panel} data-testid="login-prompt">
      <p className={styles.greeting}>
        {T.welcomeGuest}
        <strong>{appInfo?.title}</strong>
      </p>
      <p className={styles.hint}>{T.guestPrompt}</p>
      <div className={styles.buttons}>
        <button type="button" className={`${styles.button} ${styles.login}`} onClick={() => go(href.login())}>
          {T.login}
        </button>
        <button
          type="button"
          className={`${styles.button} ${styles.register}`}
          onClick={() => go(href.login({ type: '1' }))}
        >
          {T.register}
        </button>
      </div>
    </section>
  );
}
