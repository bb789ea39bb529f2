import { randomBytes } from 'node:crypto';
import type { OperatorEvent, PlayerEvent } from '@app/contract/events';
import type { AppContext } from '../../context';

/**
 * Raising events for the open streams (hub.ts), on every node through the bus. Call these after
 * the change has committed, never inside its transaction: a stream must not announce what a
 * rollback undoes, and a publish must not hold the transaction open.
 */

/** Unique across nodes, and sortable by time for whoever reads a log. */
const eventId = () => `${Date.now().toString(36)}-${randomBytes(6).toString('base64url')}`;

/** Tells one player's streams (the app updates what it shows). */
export const tellPlayer = (ctx: AppContext, userId: number, event: PlayerEvent) =>
  ctx.bus.publish('player.event', { id: eventId(), userId, event });

/** Tells every player's streams (a broadcast message). */
export const tellEveryPlayer = (ctx: AppContext, event: PlayerEvent) =>
  ctx.bus.publish('player.event', { id: eventId(), userId: null, event });

/** Tells the consoles whose operators may see the event's area. */
export const tellOperators = (ctx: AppContext, event: OperatorEvent) =>
  ctx.bus.publish('operator.event', { id: eventId(), event });
