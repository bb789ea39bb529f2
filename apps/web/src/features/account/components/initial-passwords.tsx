import { MSG } from '@app/contract/messages';
import { TA } from '@/shared/i18n/zh-cn/account';
import { copyText } from '@/shared/lib/clipboard';
import { dialog, toast } from '@/shared/ui/feedback';
import { IconCopy } from '@/shared/ui/icons';
import styles from './initial-passwords.module.css';

interface Credentials {
  username: string;
  password: string;
  payPassword: string;
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  const copy = async () => {
    if (await copyText(value)) toast.success(MSG.copied);
  };
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.value} data-testid={testId}>
          {value}
        </span>
        <button type="button" className={styles.copy} onClick={copy} aria-label={`${TA.copy}${label}`}>
          <IconCopy />
        </button>
      </dd>
    </div>
  );
}

/** The generated account of a link registration: username, login and pay passwords, each to copy. */
export function InitialPasswords({ username, password, payPassword }: Credentials) {
  return (
    <div className={styles.box} data-testid="initial-passwords">
      <p className={styles.intro}>{TA.linkIntro}</p>
      <dl className={styles.list}>
        <Row label={TA.linkUsername} value={username} testId="initial-username" />
        <Row label={TA.linkPassword} value={password} testId="initial-password" />
        <Row label={TA.linkPayPassword} value={payPassword} testId="initial-pay-password" />
      </dl>
    </div>
  );
}

/**
 * Shows the initial passwords (answered this once only) until the player closes the dialog; resolves
 * true when they chose to change them now. A tap on the mask does not close it.
 */
export const showInitialPasswords = (credentials: Credentials) =>
  dialog.confirm({
    title: TA.linkWelcome,
    content: <InitialPasswords {...credentials} />,
    confirmText: TA.linkChangeNow,
    cancelText: TA.linkLater,
    closeOnMaskClick: false,
  });
