import underlined from './underlined-tabs.module.css';

export interface TabButtonsProps<K extends string | number> {
  tabs: readonly { key: K; label: string }[];
  active: K;
  /** Called when another tab is chosen (choosing the current one again changes nothing). */
  onChange: (key: K) => void;
  /** The tab list's accessible name. */
  label?: string;
  orientation?: 'horizontal' | 'vertical';
  /** The look: the list, a tab, the chosen tab, and a tab's label when it is drawn apart (an underline). */
  classes: { list?: string; tab?: string; active?: string; title?: string };
}

/**
 * A row (or column) of tab buttons that switch what the page shows below or beside them. Plain
 * buttons rather than antd-mobile's Tabs, whose sliding line brings an animation library onto the
 * login and promotions pages' first screen.
 */
export function TabButtons<K extends string | number>({
  tabs,
  active,
  onChange,
  label,
  orientation,
  classes,
}: TabButtonsProps<K>) {
  return (
    <div className={classes.list} role="tablist" aria-label={label} aria-orientation={orientation}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={[classes.tab, tab.key === active ? classes.active : ''].join(' ')}
          onClick={() => {
            if (tab.key !== active) onChange(tab.key);
          }}
        >
          {classes.title ? <span className={classes.title}>{tab.label}</span> : tab.label}
        </button>
      ))}
    </div>
  );
}

/** The look of the page tabs and the login card's: a gold line under the chosen tab's label. */
export const UNDERLINED_TABS = {
  list: underlined.list,
  tab: underlined.tab,
  active: underlined.active,
  title: underlined.title,
};
