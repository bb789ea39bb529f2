import { z } from 'zod';

/**
 * What the server pushes on its event streams (Server-Sent Events): the player's `GET /api/events`
 * and the console's `GET /admin/api/events`. Each frame's `event:` is the type, its `data:` the
 * JSON of the event, its `id:` what a reconnect sends back as `Last-Event-ID`.
 */

/** Why a player's balance changed. `commission`: an agent's commission paid (raised by its payer). */
export const BALANCE_REASONS = [
  'deposit',
  'withdrawal',
  'transfer',
  'bonus',
  'rebate',
  'red_packet',
  'commission',
  'adjustment',
] as const;

export const playerEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('balance'),
    reason: z.enum(BALANCE_REASONS),
    /** deposit: approved; withdrawal: approved (paid) or rejected (the money is back). */
    outcome: z.enum(['approved', 'rejected']).optional(),
  }),
  /** A new in-site message: the unread count changed. */
  z.object({ type: z.literal('message') }),
  /** A venue went into or out of maintenance (or was switched on or off). */
  z.object({ type: z.literal('venue'), code: z.string().max(16) }),
]);
export type PlayerEvent = z.infer<typeof playerEventSchema>;

/** The review queues an operator event concerns, with the permission needed to see it. */
export const OPERATOR_EVENT_AREAS = {
  deposit: 'deposits.view',
  withdrawal: 'withdrawals.view',
  transfer: 'transfers.view',
} as const;
export type OperatorEventArea = keyof typeof OPERATOR_EVENT_AREAS;

export const operatorEventSchema = z.discriminatedUnion('type', [
  /** A new deposit or withdrawal order awaits review: a notification and a badge. */
  z.object({
    type: z.literal('order'),
    area: z.enum(['deposit', 'withdrawal']),
    order_no: z.string().max(40),
    amount: z.string().max(24),
  }),
  /** An order was claimed, released or decided, or a transfer settled: the lists change. */
  z.object({
    type: z.literal('changed'),
    area: z.enum(['deposit', 'withdrawal', 'transfer']),
    order_no: z.string().max(40),
  }),
]);
export type OperatorEvent = z.infer<typeof operatorEventSchema>;

/**
 * Event types that are not data: `session` (the stream's session ended), `refetch` (events may have
 * been missed: refetch what is shown).
 */
export const STREAM_CONTROL = { sessionEnded: 'session', refetch: 'refetch' } as const;

/**
 * Why a player's session ended, as its stream's `session` event says. `own`: the player's own act
 * on this very session (a logoff, a login password change, a time-out or exclusion), whose answer
 * says what happened, so the app signs out quietly; `elsewhere`: the player's act on another
 * session (ended from another device, or the password changed there); `operator`: an operator
 * ended it (sessions ended, login password reset); `frozen`: the account was frozen. All but `own`
 * are the spec's 认证失败.
 */
export const SESSION_END_REASONS = ['own', 'elsewhere', 'operator', 'frozen'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const sessionEndedSchema = z.object({ reason: z.enum(SESSION_END_REASONS) });

/** The stream ticket (`POST /api/events/ticket`): short-lived, bound to the session that asked. */
export const streamTicketSchema = z.object({ ticket: z.string(), expires_in: z.number() });
