import type { ApplicationKind, ApplicationQuery } from '@app/contract/admin/applications';
import type { Row } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { Queryable } from '../../db/client';
import { consolePage } from '../../lib/console-page';
import { activityTitlesByIds } from '../content/service';
import { operatorNamesByIds } from '../operators/service';
import { playerIdsNamed, usernamesByIds } from '../players/service';
import { activityApplicationQueue, agentApplicationQueue } from './repository';

const time = (d: Date | null) => (d ? toBeijingString(d) : '');

interface Decided {
  userId: number;
  state: number;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedBy: number | null;
  note: string;
}

/** The names the rows of a page show: the players', the reviewers'. */
async function namesOf(q: Queryable, rows: Decided[]) {
  const [players, reviewers] = await Promise.all([
    usernamesByIds(
      q,
      rows.map((a) => a.userId),
    ),
    operatorNamesByIds(
      q,
      rows.flatMap((a) => (a.reviewedBy === null ? [] : [a.reviewedBy])),
    ),
  ]);
  return (a: Decided) => ({
    username: players.get(a.userId) ?? '',
    state: a.state,
    created_at: time(a.createdAt),
    reviewed_at: time(a.reviewedAt),
    reviewed_by: (a.reviewedBy === null ? undefined : reviewers.get(a.reviewedBy)) ?? '',
    note: a.note,
  });
}

/** A queue's page as the console lists it, filtered by the player's username when asked. */
export async function applicationQueue(q: Queryable, kind: ApplicationKind, query: ApplicationQuery) {
  const playerIds = query.player ? await playerIdsNamed(q, query.player) : undefined;
  if (kind === 'activities') {
    const { rows, total } = await activityApplicationQueue(q, query, playerIds);
    const [cells, titles] = await Promise.all([
      namesOf(q, rows),
      activityTitlesByIds(
        q,
        rows.map((a) => a.activityId),
      ),
    ]);
    const data: Row[] = rows.map((a) => {
      const { username, ...decision } = cells(a);
      return {
        id: a.id,
        player_id: a.userId,
        username,
        activity: titles.get(a.activityId) ?? '',
        bonus: centsToAmount(a.bonus),
        ...decision,
      };
    });
    return consolePage(query, total, data);
  }
  const { rows, total } = await agentApplicationQueue(q, query, playerIds);
  const cells = await namesOf(q, rows);
  const data: Row[] = rows.map((a) => {
    const { username, ...decision } = cells(a);
    return { id: a.id, player_id: a.userId, username, mobile: a.mobile, reason: a.reason, ...decision };
  });
  return consolePage(query, total, data);
}
