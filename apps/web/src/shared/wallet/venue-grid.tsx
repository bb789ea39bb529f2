import { VENUE_LIST_COLLAPSED } from '@app/contract/constants';
import { useState } from 'react';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { formatCurrency } from '@/shared/lib/money';
import { IconChevronDown } from '@/shared/ui/page-icons';
import type { VenueBalance } from '@/shared/wallet/get-venue-balances';
import styles from './venue-grid.module.css';

interface VenueGridProps {
  venues: readonly VenueBalance[];
  loading: boolean;
  /** Tapping a venue chooses it (the transfer page, manual mode); without it the tiles are not buttons. */
  onSelect?: (venue: VenueBalance) => void;
  /** A tag on a tile, by platname (转入 / 转出 on the transfer page). */
  tags?: Readonly<Record<string, string>>;
  hint?: string;
}

/** The venue balances (spec 2): three at first, then all with 展开, back with 收起. */
export function VenueGrid({ venues, loading, onSelect, tags = {}, hint }: VenueGridProps) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? venues : venues.slice(0, VENUE_LIST_COLLAPSED);
  const canToggle = venues.length > VENUE_LIST_COLLAPSED;
  return (
    <section className={styles.section} aria-label={TW.venueWallets}>
      <div className={styles.head}>
        <h2 className={styles.title}>{TW.venueWallets}</h2>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </div>
      <ul className={styles.grid} data-testid="venue-grid">
        {loading
          ? Array.from({ length: VENUE_LIST_COLLAPSED }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              <li key={i} className={`${styles.tile} ${styles.skeleton}`} aria-hidden="true" />
            ))
          : shown.map((venue) => {
              const tag = tags[venue.platname];
              const body = (
                <>
                  <span className={styles.name}>{venue.name}</span>
                  <span className={venue.balance > 0 ? styles.amount : styles.zero}>
                    {formatCurrency(venue.balance)}
                  </span>
                  {tag ? <span className={styles.tag}>{tag}</span> : null}
                </>
              );
              return (
                <li key={venue.platname}>
                  {onSelect ? (
                    <button
                      type="button"
                      className={[styles.tile, tag ? styles.tagged : ''].join(' ')}
                      onClick={() => onSelect(venue)}
                      aria-pressed={Boolean(tag)}
                    >
                      {body}
                    </button>
                  ) : (
                    <div className={styles.tile}>{body}</div>
                  )}
                </li>
              );
            })}
      </ul>
      {!loading && venues.length === 0 ? <p className={styles.empty}>{TW.venueListEmpty}</p> : null}
      {canToggle && !loading ? (
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
        >
          {expanded ? TW.collapse : TW.expand}
          <IconChevronDown className={expanded ? styles.up : undefined} />
        </button>
      ) : null}
    </section>
  );
}
