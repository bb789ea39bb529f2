import styles from './page-tabs.module.css';
import { TabButtons, type TabButtonsProps, UNDERLINED_TABS } from './tab-buttons';

/** The tabs under a page's title bar (卡片管理, 取款): gold line under the chosen one, sticky. */
export function PageTabs<K extends string>(props: Omit<TabButtonsProps<K>, 'classes'>) {
  return (
    <div className={styles.bar}>
      <TabButtons {...props} classes={UNDERLINED_TABS} />
    </div>
  );
}
