import { useState } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { type LoginTab, PATH } from '@/shared/routes/paths';
import { isReferred, referralOf } from '@/shared/routes/referral';
import { useLocation, useSearchParams } from '@/shared/routes/router/react';
import { useAppInfo } from '@/shared/session/get-app-info';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { TabButtons, UNDERLINED_TABS } from '@/shared/ui/tab-buttons';
import { useCaptcha } from '../api/get-captcha';
import brandMark from '../components/brand-mark.svg';
import type { CaptchaState } from '../components/captcha-state';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { useLinkVisit } from '../hooks/use-link-visit';
import styles from './login-page.module.css';

const TABS: readonly { key: LoginTab; label: string }[] = [
  { key: '1', label: T.register },
  { key: '2', label: T.login },
];

/**
 * /login (spec 2): tabs 注册 (1) and 登录 (2). The query picks the tab (type=1, or an agent's link,
 * means register), carries the link (pid, referrer, referrer_node: its visit is reported once per
 * page load, and the registration sends it), and names where to go after success (redirect).
 */
export function LoginPage() {
  const { search } = useLocation();
  // A new query (e.g. a link to the register tab while here) starts the page afresh.
  return <LoginView key={search} />;
}

function LoginView() {
  const [params] = useSearchParams();
  const referral = referralOf(params);
  useLinkVisit(referral);
  const [tab, setTab] = useState<LoginTab>(isReferred(referral) || params.get('type') === '1' ? '1' : '2');
  const appInfo = useAppInfo();
  const captchaQuery = useCaptcha();
  const captcha: CaptchaState = {
    key: captchaQuery.data?.captcha_key,
    img: captchaQuery.data?.img,
    loading: captchaQuery.isFetching,
    refresh: () => void captchaQuery.refetch(),
  };

  return (
    <div className={styles.page}>
      {/* Back from login goes home: the page before may be the guarded one that sent the player here. */}
      <PageNavBar title={T.loginTitle} backTo={PATH.home} />
      <div className={styles.hero}>
        {/* A picture, not an inline icon: painted with the page, it is the first screen's largest
            element, so the captcha answered later does not decide when the page counts as shown. */}
        <img className={styles.mark} src={brandMark} width={64} height={64} alt="" decoding="sync" />
        <p className={styles.siteTitle}>{appInfo?.title}</p>
      </div>
      <section className={styles.card}>
        <TabButtons
          tabs={TABS}
          active={tab}
          onChange={setTab}
          classes={{ ...UNDERLINED_TABS, list: `${UNDERLINED_TABS.list} ${styles.tabs}` }}
        />
        {tab === '1' ? (
          <RegisterForm captcha={captcha} referral={referral} />
        ) : (
          <LoginForm captcha={captcha} />
        )}
      </section>
    </div>
  );
}
