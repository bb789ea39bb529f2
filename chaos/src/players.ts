import { randomBytes } from 'node:crypto';
import type { AppContext } from '@app/server/src/context';
import { findUserByUsername } from '@app/server/src/modules/players/service';
import { CAPTCHA, registration } from '@app/server/test/harness';
import { attempt } from './client';
import { inPool, type Operation, type Player, type Tally, untilFinal } from './operations';
import type { ServerProcess } from './servers';

/**
 * What each player is given by the operator before the load, in yuan: at the four-eyes threshold
 * (the default $5,000.00), so one operator's manual credit is applied at once.
 */
export const STARTING_CREDIT = 5_000;

async function must(server: ServerProcess, path: string, body: object, bearer?: string) {
  const got = await attempt(server, {
    method: 'POST',
    path,
    body,
    timeoutMs: 30_000,
    ...(bearer ? { bearer } : {}),
  });
  if (!('answer' in got) || got.answer.body.code !== 200) {
    throw new Error(
      `${path} failed while seeding: ${JSON.stringify('answer' in got ? got.answer.body : got)}`,
    );
  }
  return got.answer.body;
}

/**
 * Players as the app makes them: registered through the API (the servers run with the test
 * captcha), a bank card bound with the pay password, and a starting credit through the operator
 * API's manual adjustment (the console's one way to credit by hand), keyed like every money call.
 * The credits are operations of the run too.
 */
export async function seedPlayers(
  ctx: AppContext,
  servers: ServerProcess[],
  count: number,
  operatorKey: string,
  tally: Tally,
): Promise<{ players: Player[]; credits: Operation[] }> {
  const run = randomBytes(3).toString('hex');
  const players: Player[] = [];
  const credits: Operation[] = [];
  await inPool(
    Array.from({ length: count }, (_, i) => i),
    6,
    async (i) => {
      const server = servers[i % servers.length] as ServerProcess;
      const name = `chaos${run}${String(i).padStart(3, '0')}`;
      const captcha = await attempt(server, { method: 'GET', path: '/api/captcha', timeoutMs: 30_000 });
      const captchaKey =
        'answer' in captcha ? (captcha.answer.body.data as { captcha_key: string }).captcha_key : '';
      const registered = await must(server, '/api/register', {
        ...registration(name),
        code: CAPTCHA,
        captcha_key: captchaKey,
      });
      const token = (registered.data as { api_token: string }).api_token;
      await must(
        server,
        '/api/bindcard',
        {
          bank_owner: '张三',
          bank: '中国银行',
          bank_no: `60138208${String(1e10 + i)}`,
          bank_address: '北京分行',
          pay_pass: 'paypass123',
        },
        token,
      );
      const cards = (await must(server, '/api/getcard', { type: 1 }, token)).data as { id: number }[];
      const user = await findUserByUsername(ctx.db, name);
      if (!user || !cards[0]) throw new Error(`player ${name} was not made`);
      const player = { name, token, userId: user.id, cardId: cards[0].id };
      players.push(player);
      const key = `chaos-credit-${run}-${i}`;
      const call = {
        method: 'POST' as const,
        path: `/admin/api/players/${user.id}/adjustments`,
        bearer: operatorKey,
        body: { direction: 'credit', amount: STARTING_CREDIT, reason: '混沌测试', turnover_multiple: 0, key },
      };
      const credit: Operation = { kind: 'credit', key, player, amount: STARTING_CREDIT, call };
      const final = await untilFinal(servers, call, tally, { deadline: Date.now() + 60_000 });
      if (final) credit.final = final;
      credits.push(credit);
    },
  );
  return { players, credits };
}
