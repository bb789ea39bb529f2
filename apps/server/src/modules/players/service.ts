import type { Tx } from '../../db/client';
import * as repo from './repository';

/**
 * The players module's public façade: what other modules may ask of a player's account. The
 * player's own pages (player-routes.ts, profile.ts) and the operator's (operator-routes.ts,
 * operator-pages.ts) stay inside the module.
 */

/** Checks an uploaded image by its bytes (PNG, GIF or JPEG) and its largest side. */
export { inspectUpload } from './image';
/** The player's account row, or a 404 the operator sees as 玩家不存在. */
export { playerOr404 } from './operator-pages';
/** The profile the player's own pages show (name, contact, VIP, deposit total, join date). */
export { findProfile } from './profile-repository';
/** The player's account row, or undefined. */
export { findPlayer } from './repository';

/** The player joins the partner programme (an approved agent application). */
export async function makeAgent(tx: Tx, userId: number): Promise<void> {
  await repo.updatePlayer(tx, userId, { isAgent: 1 });
}
