import { useId, useState } from 'react';
import { apiAssetUrl } from '@/shared/api/asset-url';
import { GAME_TYPE } from '@/shared/games/categories';
import { type Game, useGameList } from '@/shared/games/get-game-list';
import { useOpenGame } from '@/shared/games/use-open-game';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TG } from '@/shared/i18n/zh-cn/games';
import { IconChevronRight } from '@/shared/ui/icons';
import { LazyImage } from '@/shared/ui/lazy-image';
import { IconCancel, IconSearch } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import styles from './search-page.module.css';

/** Spec 2, /search: games whose name holds the keyword, trimmed and case-insensitive; none for an empty one. */
export function searchGames(games: readonly Game[], keyword: string): Game[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [];
  return games.filter((game) => game.name.toLowerCase().includes(needle));
}

/**
 * /search, 搜索 (spec 2, cached): a keyword box (请输入关键词搜索) over the game list kept on this
 * device; each result shows its logo and name, and a tap opens the game.
 */
export function SearchPage() {
  const [keyword, setKeyword] = useState('');
  const { data: games, isPending } = useGameList();
  const openGame = useOpenGame();
  const inputId = useId();
  const results = searchGames(games ?? [], keyword);
  const asked = keyword.trim() !== '';

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.search} />
      <search className={styles.bar}>
        <label className={styles.box} htmlFor={inputId}>
          <IconSearch className={styles.boxIcon} />
          <input
            id={inputId}
            className={styles.input}
            type="search"
            enterKeyHint="search"
            aria-label={TG.searchLabel}
            placeholder={TG.searchPlaceholder}
            value={keyword}
            maxLength={32}
            onChange={(event) => setKeyword(event.target.value)}
          />
          {keyword ? (
            <button
              type="button"
              className={styles.clear}
              aria-label={TG.clear}
              onClick={() => setKeyword('')}
            >
              <IconCancel />
            </button>
          ) : null}
        </label>
      </search>

      {!asked ? (
        <p className={styles.hint}>{TG.searchHint}</p>
      ) : isPending ? (
        <p className={styles.hint}>{TG.listLoading}</p>
      ) : results.length === 0 ? (
        <p className={styles.hint}>{TG.noResults}</p>
      ) : (
        <>
          <p className={styles.count}>{TG.resultCount(results.length)}</p>
          <ul className={styles.results} aria-label={TITLE.search}>
            {results.map((game) => (
              <li key={`${game.platform_name}/${game.game_code}`}>
                <button
                  type="button"
                  className={styles.result}
                  data-testid="search-result"
                  onClick={() =>
                    openGame({
                      platform: game.platform_name,
                      type: GAME_TYPE[game.category_id],
                      code: game.game_code,
                    })
                  }
                >
                  <LazyImage src={apiAssetUrl(game.api_logo_img)} className={styles.logo} />
                  <span className={styles.name}>{game.name}</span>
                  <IconChevronRight className={styles.arrow} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
