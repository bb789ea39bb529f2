import type { ReactNode } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { useAppInfo } from '@/shared/session/get-app-info';
import { IconWrench } from '@/shared/ui/icons';
import styles from './maintenance-gate.module.css';

/** Spec 1: while the app info's site_state is 0, only the maintenance text (repair_tips) shows. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const appInfo = useAppInfo();
  if (appInfo?.site_state !== 0) return children;
  return (
    <main className={styles.screen} data-testid="maintenance">
      <IconWrench className={styles.icon} />
      <h1 className={styles.title}>{T.maintenanceTitle}</h1>
      <p className={styles.tips}>{appInfo.repair_tips}</p>
    </main>
  );
}
