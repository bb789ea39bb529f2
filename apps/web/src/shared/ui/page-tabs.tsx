import styles from './page-tabs.module.css';
import { TabList, type TabListProps } from './tab-list';

/** The tabs under a page's title bar (卡片管理, 取款): gold line under the chosen one, sticky. */
export function PageTabs<K extends string>(props: TabListProps<K>) {
  return (
    <div className={styles.bar}>
      <TabList {...props} />
    </div>
  );
}
