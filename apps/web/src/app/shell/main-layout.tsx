import { useRouteMeta } from '@/shared/routes/use-route-meta';
import { AppHeader } from './app-header';
import { AppTabBar } from './app-tab-bar';
import { KeepAliveOutlet } from './keep-alive-outlet';
import styles from './main-layout.module.css';

/** The main shell (spec 2): header, the tabbed pages, bottom tab bar. */
export function MainLayout() {
  const meta = useRouteMeta();
  return (
    <div className={styles.shell}>
      {meta?.header !== false && <AppHeader />}
      <main className={styles.main}>
        <KeepAliveOutlet />
      </main>
      <AppTabBar />
    </div>
  );
}
