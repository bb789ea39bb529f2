import { MSG } from '@app/contract/messages';
import type { ReactNode } from 'react';
import { TH } from '@/shared/i18n/zh-cn/home';
import { copyText } from '@/shared/lib/clipboard';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { useUserInfo, useVipLevel } from '@/shared/session/get-user';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { useLogout } from '@/shared/session/use-logout';
import { toast } from '@/shared/ui/feedback';
import { IconChevronRight, IconCopy, IconHeadset, IconUser } from '@/shared/ui/icons';
import { ModalPopup } from '@/shared/ui/modal-popup';
import { IconInfo } from '@/shared/ui/page-icons';
import { VipBadge } from '@/shared/ui/vip-badge';
import { useVisitUrl } from '../api/get-visit-url';
import styles from './home-drawer.module.css';
import { IconVolume } from './home-icons';

interface HomeDrawerProps {
  visible: boolean;
  onClose: () => void;
  unread: number;
}

/**
 * Home's left drawer (spec 2): the message centre with the unread count, feedback (customer service),
 * the permanent domain with 复制 (复制成功！), about us, and logout or login.
 */
export function HomeDrawer({ visible, onClose, unread }: HomeDrawerProps) {
  const go = useAppNavigate();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo();
  const vipLevel = useVipLevel();
  const logout = useLogout();
  const visitUrl = useVisitUrl();

  const goTo = (to: string) => {
    onClose();
    go(to);
  };
  const copyDomain = async () => {
    if (visitUrl.data && (await copyText(visitUrl.data))) toast.success(MSG.copied);
  };

  return (
    <ModalPopup
      visible={visible}
      position="left"
      onClose={onClose}
      label={TH.drawerTitle}
      bodyClassName={styles.body}
    >
      <nav className={styles.drawer} aria-label={TH.drawerTitle} data-testid="home-drawer">
        <header className={styles.user}>
          <span className={styles.avatar}>
            <IconUser />
          </span>
          {loggedIn && user ? (
            <span className={styles.name}>
              {user.username}
              <VipBadge level={vipLevel} />
            </span>
          ) : (
            <span className={styles.name}>{TH.guest}</span>
          )}
        </header>
        <ul className={styles.menu}>
          <Entry icon={<IconVolume />} onClick={() => goTo(href.message(2))}>
            {TH.messageCenter}
            {unread > 0 ? <span className={styles.count}>{TH.unreadCount(unread)}</span> : null}
          </Entry>
          <Entry icon={<IconHeadset />} onClick={() => goTo(PATH.kefu)}>
            {TH.feedback}
          </Entry>
          <li className={styles.domain}>
            <span className={styles.domainLabel}>{TH.permanentDomain}</span>
            <span className={styles.domainRow}>
              <span className={styles.url} data-testid="permanent-domain">
                {visitUrl.data ?? ''}
              </span>
              <button type="button" className={styles.copy} onClick={copyDomain} disabled={!visitUrl.data}>
                <IconCopy />
                {TH.copy}
              </button>
            </span>
          </li>
          <Entry icon={<IconInfo />} onClick={() => goTo(href.helpArticle(7))}>
            {TH.aboutUs}
          </Entry>
        </ul>
        {loggedIn ? (
          <button
            type="button"
            className={styles.logout}
            onClick={() => {
              onClose();
              void logout();
            }}
          >
            {TH.logout}
          </button>
        ) : (
          <button type="button" className={styles.login} onClick={() => goTo(href.login())}>
            {TH.login}
          </button>
        )}
      </nav>
    </ModalPopup>
  );
}

function Entry({ icon, onClick, children }: { icon: ReactNode; onClick: () => void; children: ReactNode }) {
  return (
    <li>
      <button type="button" className={styles.entry} onClick={onClick}>
        <span className={styles.entryIcon}>{icon}</span>
        <span className={styles.entryText}>{children}</span>
        <IconChevronRight className={styles.arrow} />
      </button>
    </li>
  );
}
