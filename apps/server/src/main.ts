import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { createContext } from './composition';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { JobRunner } from './jobs/runner';
import { SettableClock, systemClock } from './lib/clock';
import { claimOrderSlot } from './lib/order-no';
import { localAdminToken, localTokenFile } from './modules/admin/service';
import type { Lifecycle } from './plugins/health';
import { DEMO_PLAYER } from './seeds/demo';
import { DEMO_AGENT } from './seeds/demo-agent';
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
await prepareDatabase(database, {
  demo: config.seedDemo,
  demoAgent: config.seedDemo,
  production: config.env === 'production',
  migrationUrl: config.databaseMigrationUrl,
  totpKeys: config.totpKeys,
});
const ctx = createContext({
  db: database.db,
  config,
  clock: config.testClock ? new SettableClock() : systemClock,
  pool: database.poolCounts,
});
const lifecycle: Lifecycle = { draining: false };
const app = await buildApp(ctx, { serveWeb: true, lifecycle });
const releaseOrderSlot = await claimOrderSlot(config.databaseUrl, (err) =>
  app.log.error({ err }, 'order-number slot lost with its connection: claiming another'),
);
const jobs = new JobRunner(ctx, database, app.log, ctx.metrics);
await jobs.start();
const metricsServer = config.metrics && (await ctx.metrics.listen(config.metrics.port, config.metrics.host));

/**
 * Graceful shutdown on SIGINT or SIGTERM: readiness fails at once (a load balancer stops sending new
 * requests) and, after SHUTDOWN_DRAIN_MS, the server stops accepting, finishes the requests and job
 * runs under way, closes the database and exits. A second signal, or SHUTDOWN_TIMEOUT_MS, forces the exit.
 */
closeWithGrace(
  {
    delay: config.timeouts.shutdown,
    logger: { error: (message: unknown) => app.log.error(message) },
    onSecondSignal: (signal) => app.log.warn({ signal }, 'second signal: exiting without finishing'),
    onTimeout: (delay) => app.log.error({ delay }, 'shutdown took too long: exiting without finishing'),
  },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'fatal error: shutting down');
    app.log.info({ signal }, 'shutting down: draining');
    lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, config.timeouts.drain));
    await Promise.all([
      jobs.stop(),
      app.close(),
      new Promise((resolve) => metricsServer?.close(resolve) ?? resolve(0)),
    ]);
    await releaseOrderSlot();
    await database.close();
    app.log.info('shut down');
  },
);

await app.listen({ port: config.port, host: config.host });
const address = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`;
const where = database.kind === 'pglite' ? `embedded database at ${config.dataDir}` : 'PostgreSQL server';
console.log(`\n  星云娱乐 is running at ${address}  (${where}, Node ${process.versions.node})`);
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
    `  Demo agent: ${DEMO_AGENT.username} / ${DEMO_AGENT.password}  (代理中心 /#/agent: last month's statement waits in 佣金账单)`,
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
