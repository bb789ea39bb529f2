import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Platform {
  base: string;
  /** The demo player's session token (demo888, as `npm start` prints it). */
  playerToken(): Promise<string>;
  stop(): Promise<void>;
}

/** Every captcha's answer on the bench's platform (CAPTCHA_TEST_CODE), so that it can sign the demo player in. */
const CAPTCHA = '2468';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The platform exactly as `npm start` runs it (the built player app and the compiled server, demo
 * content, the embedded database) on a free port with a fresh data folder: what a phone would reach.
 */
export async function startPlatform(root: string): Promise<Platform> {
  // BENCH_PORT: a port of the caller's choosing, for machines where each user keeps to a range.
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-platform-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CAPTCHA_TEST_CODE: CAPTCHA,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || waited > 180_000) throw new Error('the platform did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    playerToken: async () => {
      const captcha = (await (await fetch(`${base}/api/captcha`)).json()) as {
        data: { captcha_key: string };
      };
      const login = await fetch(`${base}/api/login_pc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'demo888',
          password: 'demo888',
          code: CAPTCHA,
          captcha_key: captcha.data.captcha_key,
        }),
      });
      return ((await login.json()) as { data: { api_token: string } }).data.api_token;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
