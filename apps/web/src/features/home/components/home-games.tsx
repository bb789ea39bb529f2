import type { GameCategory } from '@app/contract/games';
import { useRef, useState } from 'react';
import { GAME_TYPE } from '@/shared/games/categories';
import { type Game, useGameList } from '@/shared/games/get-game-list';
import { useOpenGame } from '@/shared/games/use-open-game';
import { T } from '@/shared/i18n/zh-cn';
import { GameTile } from '@/shared/ui/game-tile';
import { CategoryIcon } from './category-icons';
import styles from './home-games.module.css';

/** Home's category side list (spec 2), by category code; each but hot shows one category_id. */
const CATEGORIES: readonly { code: number; label: string; category?: GameCategory }[] = [
  { code: 6, label: T.categoryHot },
  { code: 4, label: T.categorySlots, category: 'concise' },
  { code: 0, label: T.categoryLive, category: 'realbet' },
  { code: 2, label: T.categoryEsports, category: 'gaming' },
  { code: 3, label: T.categoryCards, category: 'joker' },
  { code: 5, label: T.categoryLottery, category: 'lottery' },
  { code: 1, label: T.categorySports, category: 'sport' },
];
const HOT = 6;

/** The hot category's tabs: hot (is_hot 1), recommended (is_new 1), fishing. */
const HOT_TABS = [
  { key: 'hot', label: T.hotTabHot, shows: (game: Game) => game.is_hot === 1 },
  { key: 'new', label: T.hotTabNew, shows: (game: Game) => game.is_new === 1 },
  { key: 'fishing', label: T.hotTabFishing, shows: (game: Game) => game.category_id === 'fishing' },
] as const;
type HotTab = (typeof HOT_TABS)[number]['key'];

function gamesOf(games: Game[], code: number, hotTab: HotTab): Game[] {
  if (code === HOT) {
    const tab = HOT_TABS.find((t) => t.key === hotTab) ?? HOT_TABS[0];
    return games.filter(tab.shows);
  }
  const category = CATEGORIES.find((c) => c.code === code)?.category;
  return games.filter((game) => game.category_id === category);
}

/**
 * Home's games (spec 2): the category side list (hot, e-slots, live, e-sports, cards, lottery,
 * sports), the hot category's tabs, and the chosen games as tiles; a tap opens the game. The game
 * list kept from the last visit shows at once while it is refreshed.
 */
export function HomeGames() {
  const [code, setCode] = useState(HOT);
  const [hotTab, setHotTab] = useState<HotTab>('hot');
  const { data: games, isPending, isError, refetch } = useGameList({ afterFirstScreen: true });
  const openGame = useOpenGame();
  const section = useRef<HTMLElement>(null);

  const choose = (next: number) => {
    setCode(next);
    // A long list scrolled past: show the new one from its start.
    const top = section.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) section.current?.scrollIntoView({ block: 'start' });
  };

  const shown = games ? gamesOf(games, code, hotTab) : [];
  const label = CATEGORIES.find((c) => c.code === code)?.label ?? '';

  return (
    <section ref={section} className={styles.games} data-testid="home-games">
      <div className={styles.side} role="tablist" aria-label={T.gameCategories} aria-orientation="vertical">
        {CATEGORIES.map((category) => (
          <button
            key={category.code}
            type="button"
            role="tab"
            aria-selected={category.code === code}
            className={[styles.category, category.code === code ? styles.categoryActive : ''].join(' ')}
            onClick={() => choose(category.code)}
          >
            <CategoryIcon code={category.code} className={styles.categoryIcon} />
            {category.label}
          </button>
        ))}
      </div>

      <div className={styles.content} role="tabpanel" aria-label={label}>
        {code === HOT ? (
          <div className={styles.hotTabs} role="tablist" aria-label={T.categoryHot}>
            {HOT_TABS.map((tab) => (
              <button
                key={tab.key}
                type="button"
                role="tab"
                aria-selected={tab.key === hotTab}
                className={[styles.hotTab, tab.key === hotTab ? styles.hotTabActive : ''].join(' ')}
                onClick={() => setHotTab(tab.key)}
              >
                {tab.label}
              </button>
            ))}
          </div>
        ) : (
          <h2 className={styles.heading}>{label}</h2>
        )}

        {isPending ? (
          <ul className={styles.grid} aria-busy="true">
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <li key={n} className={styles.skeleton} />
            ))}
          </ul>
        ) : isError && !games ? (
          <div className={styles.state}>
            <p>{T.gamesFailed}</p>
            <button type="button" className={styles.retry} onClick={() => void refetch()}>
              {T.reload}
            </button>
          </div>
        ) : shown.length === 0 ? (
          <p className={styles.state}>{T.noGames}</p>
        ) : (
          <ul className={styles.grid}>
            {shown.map((game) => (
              <li key={`${game.platform_name}/${game.game_code}`}>
                <GameTile
                  name={game.name}
                  image={game.mobile_img}
                  onOpen={() =>
                    openGame({
                      platform: game.platform_name,
                      type: GAME_TYPE[game.category_id],
                      code: game.game_code,
                    })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
