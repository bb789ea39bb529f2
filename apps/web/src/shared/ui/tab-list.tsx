import { TabButtons } from './tab-buttons';
import styles from './tab-list.module.css';

export interface TabListProps<K extends string> {
  tabs: readonly { key: K; title: string }[];
  activeKey: K;
  onChange: (key: K) => void;
  className?: string;
}

/** Tabs with a gold line under the chosen one: the page tabs (取款, 卡片管理) and the login card's. */
export function TabList<K extends string>({ tabs, activeKey, onChange, className }: TabListProps<K>) {
  return (
    <TabButtons
      tabs={tabs.map((tab) => ({ key: tab.key, label: tab.title }))}
      active={activeKey}
      onChange={onChange}
      classes={{
        list: className ? `${styles.list} ${className}` : styles.list,
        tab: styles.tab,
        active: styles.active,
        title: styles.title,
      }}
    />
  );
}
