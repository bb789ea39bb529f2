import { GameState } from '@app/contract/status';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '../../context';
import { AppError, refused } from '../../lib/errors';
import { withDeadline } from '../../venues/provider';
import { confirmSession } from '../auth/service';
import { assertMayPlay, realityCheckMinutes, sessionStart } from '../protection/service';
import { moveCentralToVenue, VENUE_CALL_TIMEOUT_MS } from '../wallet/service';
import { findGame } from './repository';

/**
 * Opens a game for the player (spec /api/getGameUrl): with automatic transfer on, the central
 * balance moves into the venue first (a failed or unconfirmed move does not stop the launch: the
 * player plays with what the venue holds); then the venue makes its launch link, handed out only
 * while the caller's session is confirmed live in the database.
 */
export async function gameUrl(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  platform: string,
  gameCode: string,
) {
  const { userId } = auth;
  const venue = await ctx.venues.open(platform);
  if (!venue) throw refused(WALLET_SERVER_MSG.venueUnknown);
  const game = await findGame(ctx.db, venue.code, gameCode);
  if (game?.appState !== GameState.shown) throw new AppError(404, '游戏不存在或已下架');
  await assertMayPlay(ctx, userId, 'launch');
  await moveCentralToVenue(ctx, auth, venue.code);
  const reality = {
    minutes: await realityCheckMinutes(ctx, userId),
    loggedInAt: await sessionStart(ctx, auth.sessionId),
  };
  const provider = ctx.venues.providerOf(venue);
  const player = { userId };
  const confirmed = () => ctx.db.transaction((tx) => confirmSession(ctx, tx, auth.sessionId));
  await confirmed();
  await withDeadline(provider.ensurePlayer(venue.code, player), VENUE_CALL_TIMEOUT_MS);
  const url = await withDeadline(
    provider.launchUrl(venue.code, player, game.gameCode, reality),
    VENUE_CALL_TIMEOUT_MS,
  );
  // Confirmed again once the link exists: a revocation committed after this point ends the player's
  // game sessions at the venue, which voids this link too (VenueProvider.endPlayerSessions).
  await confirmed();
  return { url };
}
