/**
 * The servers under measurement, in a process of their own so that the load generator does not
 * share their event loop: the platform (PGlite in a fresh directory, or DATABASE_URL) and a bare
 * Fastify route. Prints one JSON line with both addresses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@app/server/src/app';
import { loadConfig } from '@app/server/src/config';
import { createContext } from '@app/server/src/context';
import { openDatabase } from '@app/server/src/db/client';
import { systemClock } from '@app/server/src/lib/clock';
import { prepareDatabase } from '@app/server/src/seeds/run';
import Fastify, { type FastifyInstance } from 'fastify';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CAPTCHA_TEST_CODE: 'BNCH',
  RATE_LIMIT_REGISTER: '10000',
  RATE_LIMIT_CAPTCHA: '10000',
  RATE_LIMIT_LOGIN: '10000',
  DATA_DIR: dataDir,
});
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : dataDir,
});
await prepareDatabase(database, { demo: false });
const app = await buildApp(createContext({ db: database.db, config, clock: systemClock }), {
  serveWeb: true,
  logger: false,
});
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
  }),
);

process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
