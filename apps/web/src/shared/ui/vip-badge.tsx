import { T } from '@/shared/i18n/zh-cn';
import { IconCrown } from './icons';
import styles from './vip-badge.module.css';

/** The VIP icon: a gold badge "VIP{level}". */
export function VipBadge({ level }: { level: number }) {
  return (
    <span className={styles.badge} data-testid="vip-badge">
      <IconCrown />
      {T.vip(level)}
    </span>
  );
}
