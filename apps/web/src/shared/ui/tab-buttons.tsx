interface TabButtonsProps<K extends string | number> {
  tabs: readonly { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  orientation?: 'horizontal' | 'vertical';
  /** The look: the list, a tab, the chosen tab. */
  classes: { list?: string; tab?: string; active?: string };
}

/** A row (or column) of tab buttons that switch what the page shows below or beside them. */
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
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
