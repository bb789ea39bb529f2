import type { VenuePlayer } from '../../provider';

/** The demo venue's name for a platform player: `p` and the user id. */
export const venuePlayerId = (player: VenuePlayer) => `p${player.userId}`;

/** The platform's user id behind one of the demo venue's player names. */
export const userIdOf = (venuePlayer: string): number => Number(venuePlayer.slice(1));
