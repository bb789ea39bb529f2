import { spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from './harness';

/**
 * A throwaway redis-server on a free port, or on `port` (to bring one back where it was), Debian's
 * redis-server, see scripts/ensure-redis.sh.
 */
export async function startRedis(at?: number): Promise<{ url: string; stop(): Promise<void> }> {
  const port = at ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
