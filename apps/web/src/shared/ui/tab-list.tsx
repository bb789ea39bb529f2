import styles from './tab-list.module.css';

export interface TabListProps<K extends string> {
  tabs: readonly { key: K; title: string }[];
  activeKey: K;
  /** Called when another tab is chosen (choosing the current one again changes nothing). */
  onChange: (key: K) => void;
  className?: string;
}

/**
 * A row of tabs with a gold line under the chosen one (ARIA tablist). Plain buttons rather than
 * antd-mobile's Tabs, whose sliding line brings an animation library onto the login and promotions
 * pages' first screen.
 */
export function TabList<K extends string>({ tabs, activeKey, onChange, className }: TabListProps<K>) {
  return (
    <div role="tablist" className={className ? `${styles.list} ${className}` : styles.list}>
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        return (
          <button
            type="button"
            role="tab"
            key={tab.key}
            aria-selected={active}
            className={active ? `${styles.tab} ${styles.active}` : styles.tab}
            onClick={() => {
              if (!active) onChange(tab.key);
            }}
          >
            <span className={styles.title}>{tab.title}</span>
          </button>
        );
      })}
    </div>
  );
}
