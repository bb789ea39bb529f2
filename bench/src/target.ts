/**
 * The servers under measurement, in a process of their own so that the load generator does not
 * share their event loop: the platform (PGlite in a fresh directory, or DATABASE_URL) and a bare
 * Fastify route. Registers funded bench players, then prints one JSON line: addresses and tokens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@app/server/src/app';
import { createContext } from '@app/server/src/composition';
import { loadConfig } from '@app/server/src/config';
import { openDatabase } from '@app/server/src/db/client';
import { HouseAccount } from '@app/server/src/ledger/ledger';
import { systemClock } from '@app/server/src/lib/clock';
import { findUserByUsername } from '@app/server/src/modules/players/service';
import { prepareDatabase } from '@app/server/src/seeds/run';
import Fastify, { type FastifyInstance } from 'fastify';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const CAPTCHA = 'BNCH';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CAPTCHA_TEST_CODE: CAPTCHA,
  RATE_LIMIT_REGISTER: '10000',
  RATE_LIMIT_CAPTCHA: '10000',
  RATE_LIMIT_LOGIN: '10000',
  DATA_DIR: dataDir,
});
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : dataDir,
  poolSize: config.databasePoolSize,
});
await prepareDatabase(database, { demo: false, totpKeys: config.totpKeys });
const ctx = createContext({ db: database.db, config, clock: systemClock });
const app = await buildApp(ctx, { serveWeb: true, logger: false });

/** A registered player with 1,000,000.00 in the central wallet, granted through the ledger. */
async function fundedPlayer(index: number): Promise<string> {
  const captcha = (await app.inject({ method: 'GET', url: '/api/captcha' })).json() as {
    data: { captcha_key: string };
  };
  const name = `bench${Date.now().toString(36)}${index}`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name,
      password: 'bench-pass',
      confirmPass: 'bench-pass',
      realname: '压测',
      paypassword: 'bench-pass',
      code: CAPTCHA,
      captcha_key: captcha.data.captcha_key,
    },
  });
  const token = (reg.json() as { data: { api_token: string } }).data.api_token;
  const user = await findUserByUsername(database.db, name);
  if (!user) throw new Error('bench player missing');
  await ctx.ledger.credit({
    key: `bench-grant:${name}`,
    from: HouseAccount.promotionsExpense,
    to: { central: user.id },
    amount: 100_000_000n,
    kind: 'bench_grant',
  });
  return token;
}
const tokens: string[] = [];
// Ten at a time: each registration hashes two passwords (Argon2 on libuv's threads).
for (let i = 0; i < PLAYERS; i += 10) {
  const batch = Array.from({ length: Math.min(10, PLAYERS - i) }, (_, j) => fundedPlayer(i + j));
  tokens.push(...(await Promise.all(batch)));
}

await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.post('/bare', async () => ({ code: 200, message: 'ok', data: { balance: 0 } }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (server: FastifyInstance) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
console.log(
  JSON.stringify({
    app: `http://127.0.0.1:${port(app)}`,
    bare: `http://127.0.0.1:${port(bare)}`,
    db: database.kind,
    tokens,
  }),
);

process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
