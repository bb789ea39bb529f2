import {
  APPLICATION_MSG,
  type ApplicationDecision,
  type ApplicationKind,
} from '@app/contract/admin/applications';
import { amountToCents, centsToAmount, formatMoney } from '@app/contract/money';
import { ApplicationState } from '@app/contract/status';
import type { AppContext } from '../../context';
import { HouseAccount } from '../../ledger/ledger';
import { AppError, badInput, conflict } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { activityTitlesByIds, sendMessage } from '../content/service';
import { tellPlayer } from '../events/service';
import { makeAgent } from '../players/service';
import { isRestricted } from '../protection/service';
import { changeTurnover } from '../turnover/service';
import { activityApplicant, lockApplication, recordDecision } from './repository';

/**
 * Decides an application, once, in one transaction: the application's row is locked (a second
 * operator's decision waits, then finds it decided and is refused), the decision is stored, an
 * approved activity's bonus is credited through the ledger with its turnover (by a key of the
 * application, so it can never be paid twice), an approved agent becomes one, the player gets an
 * in-site message, and the audit row is written with it all.
 */
export async function decideApplication(
  ctx: AppContext,
  actor: Actor,
  kind: ApplicationKind,
  id: number,
  input: ApplicationDecision,
): Promise<string> {
  if (actor.operatorId === null) throw new AppError(403, APPLICATION_MSG.bootstrap);
  const operatorId = actor.operatorId;
  const approved = input.decision === 'approve';
  const bonus = kind === 'activities' && approved ? (amountToCents(input.bonus) ?? 0n) : 0n;
  if (kind === 'agents' && input.bonus > 0) throw badInput(APPLICATION_MSG.bonusOnlyApproved);
  // A player in a time-out or self-exclusion is paid no promotion (DESIGN.md section 14).
  if (bonus > 0n) {
    const applicant = await activityApplicant(ctx.db, id);
    if (applicant !== undefined && (await isRestricted(ctx, applicant)))
      throw conflict(APPLICATION_MSG.bonusRestricted);
  }
  const { userId, answer } = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const application = await lockApplication(tx, kind, id);
    if (!application) throw new AppError(404, APPLICATION_MSG.notFound);
    const { activityId } = application;
    const title =
      activityId === undefined ? '' : ((await activityTitlesByIds(tx, [activityId])).get(activityId) ?? '');
    const state = approved ? ApplicationState.approved : ApplicationState.rejected;
    const decided = await recordDecision(tx, kind, id, {
      state,
      note: input.note,
      operatorId,
      at: now,
      bonus,
    });
    if (!decided) throw conflict(APPLICATION_MSG.decided);
    const { userId } = application;

    if (bonus > 0n) {
      const key = `activity-bonus:${id}`;
      const posted = await ctx.ledger.credit(
        {
          key,
          from: HouseAccount.promotionsExpense,
          to: { central: userId },
          amount: bonus,
          kind: 'activity_bonus',
          ref: { type: 'activity_application', id: String(id) },
          memo: title,
        },
        tx,
      );
      if (posted.status === 'applied' && input.turnover_multiple > 0) {
        const required = (bonus * BigInt(Math.round(input.turnover_multiple * 100))) / 100n;
        await changeTurnover(tx, userId, required, 'activity_bonus', key);
      }
    }
    if (kind === 'agents' && approved) await makeAgent(tx, userId);

    const shownBonus = bonus > 0n ? formatMoney(centsToAmount(bonus)) : '';
    await sendMessage(tx, {
      userId,
      title:
        kind === 'activities'
          ? APPLICATION_MSG.activityTitle(approved)
          : APPLICATION_MSG.agentTitle(approved),
      content:
        kind === 'activities'
          ? APPLICATION_MSG.activityBody(title, approved, shownBonus, input.note)
          : APPLICATION_MSG.agentBody(approved, input.note),
      createdAt: now,
    });
    await recordAudit(tx, now, actor, {
      action: 'applications.review',
      targetType: 'application',
      targetId: `${kind === 'activities' ? 'activity' : 'agent'}:${id}`,
      before: { state: ApplicationState.pending },
      after: {
        decision: input.decision,
        state,
        player_id: userId,
        ...(kind === 'activities'
          ? {
              activity: title,
              bonus: centsToAmount(bonus),
              turnover_multiple: input.turnover_multiple,
            }
          : { is_agent: approved ? 1 : 0 }),
      },
      reason: input.note,
    });
    return { userId, answer: approved ? APPLICATION_MSG.approved : APPLICATION_MSG.rejected };
  });
  // Committed: the player's app shows the bonus and the message that tells of the decision.
  if (bonus > 0n) await tellPlayer(ctx, userId, { type: 'balance', reason: 'bonus' });
  await tellPlayer(ctx, userId, { type: 'message' });
  return answer;
}
