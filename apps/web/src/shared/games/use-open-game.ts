import { MSG } from '@app/contract/messages';
import { useCallback } from 'react';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href } from '@/shared/routes/paths';
import { getToken } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

/** What /gamePage needs to launch a game: its platform, type (category code) and game code. */
export interface GameTarget {
  platform: string;
  type: number;
  code: string;
}

/**
 * Opening a game (spec 4, game launch): without a token the toast 请登录！; with one, the game page
 * /gamePage?name={platform}&type={type}&code={game code}, which asks for the game's address.
 */
export function useOpenGame() {
  const go = useAppNavigate();
  return useCallback(
    (game: GameTarget) => {
      if (!getToken()) {
        toast.info(MSG.pleaseLogin);
        return;
      }
      go(href.game({ name: game.platform, type: game.type, code: game.code }));
    },
    [go],
  );
}
