import { type PlayerProtection, playerProtectionSchema } from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { idParams, replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import { type Actor, recordAudit } from '../audit/service';
import { playerOr404 } from '../players/service';
import { twoFactorState } from '../security/service';
import { limitsView } from './limits';
import { realityCheckMinutes } from './reality-check';
import { restrictionsOf } from './repository';
import { restrictionView } from './restrictions';

/** A player's limits, reality check, every time-out and exclusion and two-factor, for the back office. */
async function playerProtection(ctx: AppContext, actor: Actor, userId: number): Promise<PlayerProtection> {
  await playerOr404(ctx, userId);
  const [limits, reality, restriction, all, twoFactor] = await Promise.all([
    limitsView(ctx, userId),
    realityCheckMinutes(ctx, userId),
    restrictionView(ctx, userId),
    restrictionsOf(ctx.db, userId),
    twoFactorState(ctx, userId),
  ]);
  await recordAudit(ctx.db, ctx.clock.now(), actor, {
    action: 'players.view',
    targetType: 'player',
    targetId: userId,
    after: { view: 'protection' },
  });
  return {
    limits,
    reality_check: reality,
    restriction,
    restrictions: all.map((r) => ({
      id: r.id,
      kind: r.kind,
      term: r.term,
      starts_at: toBeijingString(r.startsAt),
      ends_at: toBeijingString(r.endsAt),
      return_requested_at: r.returnRequestedAt ? toBeijingString(r.returnRequestedAt) : null,
    })),
    two_factor: twoFactor.enabled,
  };
}

/** The back office reads a player's protection; nothing here changes it (no operator lifts a self-exclusion). */
export async function protectionAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/api/players/:id/protection',
    {
      config: { permission: 'players.view' },
      schema: {
        tags: ['admin: players'],
        summary: '玩家的限额、冷静期与自我禁止（只读）',
        params: idParams('bigint'),
        response: replies(playerProtectionSchema),
      },
    },
    async (request) => ok(await playerProtection(ctx, operatorOf(request).actor, request.params.id)),
  );
}
