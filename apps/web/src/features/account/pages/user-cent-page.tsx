import List from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TA } from '@/shared/i18n/zh-cn/account';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { IconIdCard, IconKey, IconLock, IconVerify } from '@/shared/ui/icons';
import { IconCreditCard } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import styles from './account-page.module.css';

interface SettingEntry {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

const SETTINGS: SettingEntry[] = [
  { to: PATH.userInfo, title: TITLE.userInfo, description: TA.profileDesc, icon: <IconIdCard /> },
  { to: PATH.wallet, title: TITLE.wallet, description: TA.cardsDesc, icon: <IconCreditCard /> },
  { to: href.password(1), title: TA.loginPassword, description: TA.loginPasswordDesc, icon: <IconLock /> },
  { to: href.password(2), title: TA.payPassword, description: TA.payPasswordDesc, icon: <IconKey /> },
  { to: PATH.security, title: TITLE.security, description: TA.securityDesc, icon: <IconVerify /> },
];

/** /userCent, 设置 (spec 2): profile, card management, login password, withdrawal password. */
export function UserCentPage() {
  const go = useAppNavigate();
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.userCent} />
      <List className={styles.menu}>
        {SETTINGS.map((item) => (
          <List.Item
            key={item.to}
            prefix={<span className={styles.menuIcon}>{item.icon}</span>}
            description={item.description}
            arrowIcon
            onClick={() => go(item.to)}
          >
            {item.title}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
