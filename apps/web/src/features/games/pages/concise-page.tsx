import { DEFAULT_CONCISE_TAB } from '@app/contract/constants';
import { useState } from 'react';
import { CONCISE_GAME_TYPE } from '@/shared/games/categories';
import { useOpenGame } from '@/shared/games/use-open-game';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TG } from '@/shared/i18n/zh-cn/games';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH, withQuery } from '@/shared/routes/paths';
import { useLocation, useNavigate } from '@/shared/routes/router/react';
import { GameTile } from '@/shared/ui/game-tile';
import { IconSearch } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PageTabs } from '@/shared/ui/page-tabs';
import { useConciseGames } from '../api/get-concise-games';
import styles from './concise-page.module.css';

/** The electronic-game platforms of /concise (spec 2), OB电子 first. */
const TABS = (Object.keys(TG.conciseTabs) as (keyof typeof TG.conciseTabs)[]).map((key) => ({
  key,
  label: TG.conciseTabs[key],
}));
type TabKey = (typeof TABS)[number]['key'];

const asTab = (value: string | null): TabKey | undefined => TABS.find((tab) => tab.key === value)?.key;

/**
 * /concise, 电子游戏 (spec 2, cached): tabs OB电子 (obgdy, the default), FG电子, PP电子, AE电子, also
 * chosen by the query `type`; each tab's games are fetched once and kept; a tap opens the game. The
 * chosen tab is written back to the query, so that coming back from a game shows the same tab.
 */
export function ConcisePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const go = useAppNavigate();
  // A kept-alive page sees other routes' locations while hidden: only its own query counts.
  const shown = location.pathname === PATH.concise;
  const asked = shown ? new URLSearchParams(location.search).get('type') : null;
  const [tab, setTab] = useState<TabKey>(() => asTab(asked) ?? (DEFAULT_CONCISE_TAB as TabKey));
  const [seen, setSeen] = useState(asked);
  if (shown && asked !== seen) {
    setSeen(asked);
    const next = asTab(asked);
    if (next && next !== tab) setTab(next);
  }

  const choose = (key: TabKey) => {
    setTab(key);
    navigate(withQuery(PATH.concise, { type: key }), { replace: true });
  };

  return (
    <div className={styles.page}>
      <PageNavBar
        title={TITLE.concise}
        right={
          <button
            type="button"
            className={styles.search}
            aria-label={TG.searchGames}
            onClick={() => go(PATH.search)}
          >
            <IconSearch />
          </button>
        }
      />
      <PageTabs tabs={TABS} active={tab} onChange={choose} />
      <ConciseGrid key={tab} platform={tab} label={TG.conciseTabs[tab]} />
    </div>
  );
}

function ConciseGrid({ platform, label }: { platform: TabKey; label: string }) {
  const { data: games, isPending, isError, refetch } = useConciseGames(platform);
  const openGame = useOpenGame();

  if (isPending) {
    return (
      <ul className={styles.grid} aria-label={label} aria-busy="true">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => (
          <li key={n} className={styles.skeleton} />
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <div className={styles.state} role="alert">
        <p>{TG.gamesFailed}</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {TG.retry}
        </button>
      </div>
    );
  }
  if (games.length === 0) return <p className={styles.state}>{TG.noGames}</p>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {games.map((game) => (
        <li key={game.gamecode}>
          <GameTile
            name={game.gamename}
            image={game.gamepic}
            onOpen={() => openGame({ platform: game.catecode, type: CONCISE_GAME_TYPE, code: game.gamecode })}
          />
        </li>
      ))}
    </ul>
  );
}
