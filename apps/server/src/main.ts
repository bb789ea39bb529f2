import { buildApp } from './app';
import { loadConfig } from './config';
import { createContext } from './context';
import { openDatabase } from './db/client';
import { startIntervalJobs } from './jobs/interval-jobs';
import { SettableClock, systemClock } from './lib/clock';
import { localAdminToken, localTokenFile } from './modules/admin/local-token';
import { DEMO_PLAYER } from './seeds/demo';
import { demoOperatorCredentials } from './seeds/demo-operators';
import { prepareDatabase } from './seeds/run';

const loaded = loadConfig();
const config =
  loaded.adminToken || loaded.env === 'production'
    ? loaded
    : { ...loaded, adminToken: await localAdminToken(loaded.dataDir) };
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
await prepareDatabase(database, { demo: config.seedDemo });
const ctx = createContext({
  db: database.db,
  config,
  clock: config.testClock ? new SettableClock() : systemClock,
});
const app = await buildApp(ctx, { serveWeb: true });
const stopJobs = startIntervalJobs(ctx, app.log);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  stopJobs();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`;
const where = database.kind === 'pglite' ? `embedded database at ${config.dataDir}` : 'PostgreSQL server';
console.log(`\n  星云娱乐 is running at ${address}  (${where})`);
console.log(`  API docs: ${address}api/docs`);
console.log(`  Operator console: ${address}admin/`);
if (config.adminToken && !loaded.adminToken) {
  console.log(
    `  First operator: npm run ops -- create-operator NAME --role superadmin  (bootstrap token in ${localTokenFile(config.dataDir)})`,
  );
}
if (config.seedDemo) {
  console.log(
    `  Demo login: ${DEMO_PLAYER.username} / ${DEMO_PLAYER.password}  (pay password ${DEMO_PLAYER.payPassword})`,
  );
  console.log(
    '  Demo operators (password, then the TOTP code of the secret; `npm run ops -- totp SECRET` prints it):',
  );
  for (const o of demoOperatorCredentials()) {
    console.log(
      `    ${o.displayName.padEnd(8, '　')} ${o.username.padEnd(8)} ${o.password}  TOTP ${o.totpSecret}`,
    );
  }
  console.log('');
}
