import { LEDGER_KIND_LABEL } from '@app/contract/admin/money';
import { PLAYER_MSG } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { type Actor, recordAudit } from '../audit/service';
import { findPlayer } from '../players/service';

/** The ledger's movements of a player's central wallet, newest first, a page at a time (keyset). */
export async function playerLedger(
  ctx: AppContext,
  actor: Actor,
  playerId: number,
  page: { before?: number | undefined; limit: number },
) {
  if (!(await findPlayer(ctx.db, playerId))) throw new AppError(404, PLAYER_MSG.notFound);
  const history = await ctx.ledger.history(
    { central: playerId },
    { limit: page.limit, ...(page.before ? { before: page.before } : {}) },
  );
  await recordAudit(ctx.db, ctx.clock.now(), actor, {
    action: 'players.ledger',
    targetType: 'player',
    targetId: playerId,
    after: { before: page.before ?? null, shown: history.entries.length },
  });
  return {
    entries: history.entries.map((e) => ({
      id: e.id,
      at: toBeijingString(e.at),
      amount: centsToAmount(e.amount),
      kind: e.kind,
      kind_label: LEDGER_KIND_LABEL[e.kind] ?? e.kind,
      counterparty: e.counterparty,
      ref: e.ref ? `${e.ref.type}:${e.ref.id}` : '',
      memo: e.memo,
    })),
    next: history.next,
  };
}
