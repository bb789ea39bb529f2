import type { BetRecord } from '@app/contract/games';
import { centsToAmount } from '@app/contract/money';
import type { Page } from '@app/contract/paging';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { dateFilterStart, toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { pageOf, pageOffset } from '../../lib/paging';
import { betPage } from './bets-repository';

/** The player's own bets since the date filter's first Beijing day, newest first (spec /api/betrecord). */
export async function betRecords(
  ctx: AppContext,
  userId: number,
  query: { days: number; page: number; platform: string },
): Promise<Page<BetRecord>> {
  const { total, rows } = await betPage(
    ctx.db,
    {
      userId,
      from: dateFilterStart(query.days, ctx.clock.now()),
      venue: query.platform === '' ? undefined : query.platform,
    },
    RECORDS_PAGE_SIZE,
    pageOffset(query.page),
  );
  return pageOf(
    query.page,
    total,
    rows.map(({ bet, gameName, venueName }) => ({
      bet_id: bet.betId,
      bet_amount: centsToAmount(bet.betAmount),
      win_loss: centsToAmount(bet.winLoss),
      Code: bet.gameCode,
      status: bet.status,
      created_at: toBeijingString(bet.placedAt),
      platform_name: venueName,
      game_name: gameName ?? bet.gameCode,
    })),
  );
}
