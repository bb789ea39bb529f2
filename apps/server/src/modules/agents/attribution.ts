import { AGENT_ADMIN_MSG } from '@app/contract/admin/agents';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { AppError, badInput, conflict } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { playerCards } from '../players/service';
import * as repo from './repository';

/** What a registration link names: `pid`, the agent; `referrer`, one of the agent's links. */
type Via = { pid?: string | number; referrer?: string };

/**
 * The link a referral came by, with its agent: the `referrer` link's, else the agent `pid` and
 * their first (own) link, if they have one yet. Null when it names no one.
 */
async function referredLink(
  q: Queryable,
  via: Via,
): Promise<{ agentId: number; linkId: number | null } | null> {
  const link = via.referrer ? await repo.linkByCode(q, via.referrer) : undefined;
  if (link) return { agentId: link.agentId, linkId: link.id };
  const agentId = Number(via.pid);
  if (!Number.isSafeInteger(agentId) || agentId <= 0) return null;
  return { agentId, linkId: (await repo.firstLinkOf(q, agentId))?.id ?? null };
}

/**
 * Attribution: a player registered through an agent's link belongs to that agent for life, with
 * the chain of agents above (repo.chainBelow). The link flow's `referrer` names one of the agent's
 * links (counted per link); `pid` names the agent. The chain is the server's own, never what the
 * link carried (`referrer_node` is not trusted). Only an operator's move changes it.
 */
export async function attributeRegistration(tx: Tx, userId: number, via: Via, at: Date): Promise<void> {
  const referred = await referredLink(tx, via);
  if (!referred || referred.agentId === userId) return;
  const { agentId, linkId } = referred;
  const agent = (await playerCards(tx, [agentId])).get(agentId);
  if (!agent?.isAgent) return;
  const above = (await repo.memberRow(tx, agentId))?.chain ?? '';
  await repo.insertMember(tx, {
    userId,
    agentId,
    chain: repo.chainBelow(above, agentId),
    linkId,
    createdAt: at,
  });
}

/** A visit of a link (the register and login pages report it); a link of no one counts nothing. */
export async function linkVisit(ctx: AppContext, via: Via): Promise<void> {
  const linkId = (await referredLink(ctx.db, via))?.linkId;
  if (linkId) await repo.countVisit(ctx.db, linkId);
}

/**
 * An operator moves a player (and the player's whole downline with them) to another agent, with a
 * reason, audited in the same transaction. Refused when the target is the player, is not an agent,
 * or stands in the player's own downline (the chain would loop).
 */
export async function movePlayer(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  agentId: number,
  reason: string,
): Promise<string> {
  if (userId === agentId) throw badInput(AGENT_ADMIN_MSG.selfAgent);
  const cards = await playerCards(ctx.db, [userId, agentId]);
  if (!cards.get(userId)) throw new AppError(404, AGENT_ADMIN_MSG.playerNotFound);
  if (!cards.get(agentId)?.isAgent) throw badInput(AGENT_ADMIN_MSG.notAgent);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const target = (await repo.memberRow(tx, agentId))?.chain ?? '';
    if (target.includes(`/${userId}/`)) throw conflict(AGENT_ADMIN_MSG.inDownline);
    const current = await repo.memberRow(tx, userId);
    if (current?.agentId === agentId) throw conflict(AGENT_ADMIN_MSG.sameAgent);
    const chain = repo.chainBelow(target, agentId);
    if (current) await repo.moveMember(tx, userId, agentId, chain, current.chain);
    else await repo.insertMember(tx, { userId, agentId, chain, linkId: null, createdAt: now });
    await recordAudit(tx, now, actor, {
      action: 'agents.move',
      targetType: 'player',
      targetId: userId,
      before: { agent_id: current?.agentId ?? null, chain: current?.chain ?? '' },
      after: { agent_id: agentId, chain },
      reason,
    });
    return AGENT_ADMIN_MSG.moved;
  });
}
