import { PLAYER_MSG } from '@app/contract/admin/players';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/**
 * The players module's public façade: what other modules may ask of a player's account. The
 * player's own pages (player-routes.ts, profile.ts) and the operator's (operator-routes.ts,
 * operator-pages.ts) stay inside the module.
 */

/** Checks an uploaded image by its bytes (PNG, GIF or JPEG) and its largest side. */
export { inspectUpload } from './image';
/** The profile the player's own pages show (name, contact, VIP, deposit total, join date). */
export { findProfile } from './profile-repository';
export {
  /** The player's deposit total rises by an approved deposit's amount (inside the crediting transaction). */
  addToDepositTotal,
  /** Everything the player has deposited, in cents (the VIP ladder's recharge). */
  depositTotalOf,
  /** The player's account row, or undefined. */
  findPlayer,
  /** A new player's account (registration); undefined when the username is taken. */
  insertPlayer,
  /** Whether an id is a player's (a referrer's link). */
  playerExists,
  /** The reality-check interval the player chose, in minutes (0: off), and its setter. */
  realityCheckMinutesOf,
  /** Stamps the player's last login (time and address). */
  recordLogin,
  setRealityCheckMinutes,
  /** Whether the player's central balance follows them into a game (自动免转), and its switch. */
  setTransferStatus,
  transferStatusOf,
  /** The turnover (打码量) the player must still bet before withdrawing, in cents. */
  turnoverRequiredOf,
  /** The usernames of the players named, by id (the operator's lists). */
  usernamesByIds,
} from './repository';

/** The player joins the partner programme (an approved agent application). */
export async function makeAgent(tx: Tx, userId: number): Promise<void> {
  await repo.updatePlayer(tx, userId, { isAgent: 1 });
}

/** The player's account row, or a 404 the operator sees as 玩家不存在. */
export async function playerOr404(ctx: AppContext, id: number) {
  const player = await repo.findPlayer(ctx.db, id);
  if (!player) throw new AppError(404, PLAYER_MSG.notFound);
  return player;
}
