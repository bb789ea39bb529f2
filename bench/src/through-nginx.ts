import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Node, nodeReady, startNode, stopNode } from '@app/server/test/cluster';
import { freePort } from '@app/server/test/harness';
import { type Nginx, NO_EDGE_LIMITS, startNginx } from '@app/server/test/nginx';
import { SHEDDING_OFF } from './overload';

export interface Cluster {
  /** nginx in front of the first node only. */
  oneNode: string;
  /** nginx in front of both nodes (least_conn, as deployed). */
  twoNodes: string;
  stop(): Promise<void>;
}

/**
 * The platform as "Running several nodes" (README) deploys it, on the bench's PostgreSQL: two API
 * processes started as the two-node test starts them (apps/server/test/cluster.ts), one nginx
 * (deploy/nginx) in front of the first alone and another in front of both. The bench
 * target registered the players in the same database, so their tokens work on every node. The
 * nodes log warnings only (a line per request would be measured too) and have the target's pool size.
 */
export async function startCluster(databaseUrl: string): Promise<Cluster> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const nodes: Node[] = [];
  const proxies: Nginx[] = [];
  const stop = async () => {
    for (const proxy of proxies) await proxy.stop();
    await Promise.all(nodes.map(stopNode));
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    for (const i of [0, 1]) {
      nodes.push(
        startNode({
          databaseUrl,
          port: await freePort(),
          metricsPort: await freePort(),
          dataDir: path.join(prefix, `data${i}`),
          env: {
            LOG_LEVEL: 'warn',
            DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
            ...SHEDDING_OFF,
          },
        }),
      );
    }
    for (const node of nodes) await nodeReady(node);
    const [first] = nodes;
    if (!first) throw new Error('no node started');
    // Over HTTPS (autocannon speaks HTTP/1.1 there); the edge's per-address limits are off, since the load comes from one address.
    for (const [name, behind] of [
      ['nginx-one', [first]],
      ['nginx-two', nodes],
    ] as const) {
      proxies.push(
        await startNginx({
          prefix: path.join(prefix, name),
          httpPort: await freePort(),
          tlsPort: await freePort(),
          nodes: behind,
          limits: NO_EDGE_LIMITS,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const [one, two] = proxies;
  return { oneNode: one?.entry ?? '', twoNodes: two?.entry ?? '', stop };
}
