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

/** A password's attempt counters, kept on the player's row (auth's attempt locks). */
export {
  type AttemptRule,
  lockedUntilOf,
  releaseAttemptSlot,
  settleAttempt,
  takeAttemptSlot,
} from './attempts-repository';
/** Checks an uploaded image by its bytes (PNG, GIF or JPEG) and its largest side. */
export { inspectUpload } from './image';
/** The profile the player's own pages show (name, contact, VIP, deposit total, join date). */
export { findProfile } from './profile-repository';
export {
  /** Two-factor (the security module's, kept on the player's row): accepts a time step once. */
  acceptTotpStep,
  /** The player's deposit total rises by an approved deposit's amount (inside the crediting transaction). */
  addToDepositTotal,
  /** Every agent's id (the agent programme's console). */
  agentIds,
  /** Two-factor off: the secret and its state dropped. */
  clearTotp,
  /** Everything the player has deposited, in cents (the VIP ladder's recharge). */
  depositTotalOf,
  /** Two-factor on, if the pending secret is still the one the first code proved. */
  enableTotp,
  /** The player's account row, or undefined. */
  findPlayer,
  /** The player's account row by username, case aside, or undefined. */
  findUserByUsername,
  /** A new player's account (registration); undefined when the username is taken. */
  insertPlayer,
  /** The player's pay password hash (empty or undefined: none set). */
  payPasswordHashOf,
  /** Name, agent flag, registration and last login of the players named (the agent programme). */
  playerCards,
  /** Whether an id is a player's (a referrer's link). */
  playerExists,
  /** The ids of the players whose username is a name, case aside (a console list's player filter). */
  playerIdsNamed,
  /** The ids of every player (of a VIP level, those a filter lets through) as a subquery, for one statement writing to each. */
  playerIdsWhere,
  /** The player's status as a scalar subquery of the caller's statement (the session check). */
  playerStatusOf,
  /** The reality-check interval the player chose, in minutes (0: off), and its setter. */
  realityCheckMinutesOf,
  /** Stamps the player's last login (time and address). */
  recordLogin,
  setRealityCheckMinutes,
  /** Whether the player's central balance follows them into a game (自动免转), and its switch. */
  setTransferStatus,
  /** A new sealed secret waiting for its first code; false while two-factor is on. */
  storePendingTotpSecret,
  transferStatusOf,
  /** The turnover (打码量) the player must still bet before withdrawing, in cents. */
  turnoverRequiredOf,
  /** The player's two-factor secret (sealed) and state. */
  twoFactorOf,
  /** The usernames of the players named, by id (the operator's lists). */
  usernamesByIds,
} from './repository';
/** The players' stored TOTP secrets, for resealing them under the current key at start-up. */
export const storedTotpSecrets = {
  secretsNotStartingWith: repo.secretsNotStartingWith,
  replaceSecret: repo.replaceSecret,
};

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
