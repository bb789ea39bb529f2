import { T } from '@/shared/i18n/zh-cn';
import { dialog, toast } from '@/shared/ui/feedback';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import styles from '@/shared/ui/settings-page.module.css';
import { useEndSessions, useLoginHistory, useSessions } from '../api/security';
import { TwoFactorSection } from '../components/two-factor-section';
import { TS } from '../texts';

/** /security, 账户安全: the live sessions (end one, or all but this one) and 30 days of logins. */
export function SecurityPage() {
  const sessions = useSessions();
  const logins = useLoginHistory();
  const end = useEndSessions();
  const ask = async (content: string, which: number | 'others') => {
    if (!(await dialog.confirm({ content, confirmText: T.confirm, cancelText: T.cancel }))) return;
    end.mutate(which, { onSuccess: (message) => toast.success(message) });
  };
  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <div className={styles.page} data-testid="security-page">
      <PageNavBar title={TS.securityTitle} />
      <TwoFactorSection />
      <section className={styles.section} data-testid="sessions">
        <h2 className={styles.sectionTitle}>{TS.sessionsTitle}</h2>
        {(sessions.data ?? []).map((s) => (
          <div key={s.id} className={styles.row} data-testid="session-row">
            <div className={styles.rowMain}>
              <div className={styles.rowTitle}>
                {s.device}
                {s.current ? <span className={styles.tag}>{TS.thisDevice}</span> : null}
              </div>
              <div className={styles.rowDetail}>
                {s.ip} · {TS.lastActive(s.last_seen_at)}
              </div>
            </div>
            {s.current ? null : (
              <button
                type="button"
                className={styles.smallButton}
                onClick={() => void ask(TS.endSessionConfirm, s.id)}
              >
                {TS.endSession}
              </button>
            )}
          </div>
        ))}
        {others.length > 0 ? (
          <div className={styles.sheetActions} style={{ margin: '4px 16px 14px' }}>
            <button
              type="button"
              className={[styles.textButton, styles.danger].join(' ')}
              onClick={() => void ask(TS.endOthersConfirm, 'others')}
            >
              {TS.endOthers}
            </button>
          </div>
        ) : null}
      </section>
      <section className={styles.section} data-testid="logins">
        <h2 className={styles.sectionTitle}>{TS.loginsTitle}</h2>
        {logins.data?.length === 0 ? <p className={styles.empty}>{TS.noLogins}</p> : null}
        {(logins.data ?? []).map((e) => (
          <div key={e.id} className={styles.row}>
            <div className={styles.rowMain}>
              <div className={styles.rowTitle}>{e.device}</div>
              <div className={styles.rowDetail}>
                {e.created_at} · {e.ip}
              </div>
            </div>
            <span className={e.result === '登录成功' ? styles.rowDetail : styles.fail}>{e.result}</span>
          </div>
        ))}
      </section>
    </div>
  );
}
