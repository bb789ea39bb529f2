import Tabs from 'antd-mobile/es/components/tabs';
import styles from './page-tabs.module.css';

interface PageTabsProps<K extends string> {
  tabs: readonly { key: K; title: string }[];
  activeKey: K;
  onChange: (key: K) => void;
}

/** The tabs under a page's title bar (卡片管理, 取款): gold line under the chosen one, sticky. */
export function PageTabs<K extends string>({ tabs, activeKey, onChange }: PageTabsProps<K>) {
  return (
    <div className={styles.bar}>
      <Tabs
        className={styles.tabs}
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((t) => t.key === key);
          if (tab) onChange(tab.key);
        }}
      >
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.title} />
        ))}
      </Tabs>
    </div>
  );
}
