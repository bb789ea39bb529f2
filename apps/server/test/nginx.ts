import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/paths';
import { EventStreamClient } from './event-stream';
import { waitFor } from './wait';

/**
 * The platform's edge (deploy/nginx) run by Debian's nginx under a prefix of its own, in front of
 * API nodes, over TLS with a self-signed certificate for 127.0.0.1: the two-node test, the edge test,
 * `npm run bench` and the browser tests start it with this. scripts/ensure-nginx.sh installs nginx.
 */
const NGINX = '/usr/sbin/nginx';
const TEMPLATES = path.join(repoRoot, 'deploy/nginx');

/** Requests per client address that nginx lets through to the nodes (deploy/nginx/README.md). */
export interface EdgeLimits {
  authRate: string;
  authBurst: number;
  moneyRate: string;
  moneyBurst: number;
}

/** The documented production defaults. */
export const EDGE_LIMITS: EdgeLimits = {
  authRate: '30r/m',
  authBurst: 20,
  moneyRate: '5r/s',
  moneyBurst: 20,
};

/** For load from one address (the bench, the browser tests): nginx lets everything through. */
export const NO_EDGE_LIMITS: EdgeLimits = {
  authRate: '10000r/s',
  authBurst: 10_000,
  moneyRate: '10000r/s',
  moneyBurst: 10_000,
};

export interface EdgeOptions {
  /** A folder of its own: rendered configuration, certificate, pid, temp files, and the static root. */
  prefix: string;
  httpPort: number;
  tlsPort: number;
  nodes: readonly { port: number }[];
  /** Addresses or CIDRs of the balancers whose X-Forwarded-For nginx believes. */
  trustedBalancers?: string[];
  limits?: EdgeLimits;
}

export interface Nginx {
  /** The address phones call, https://127.0.0.1:PORT (HTTP/2 by ALPN). */
  entry: string;
  /** Plain HTTP, which redirects to `entry`. */
  httpEntry: string;
  /** The self-signed certificate's PEM file. */
  certificate: string;
  /** Where nginx serves /assets/ and /admin/assets/ from (deploy/nginx/publish-assets.sh fills it). */
  staticRoot: string;
  /** One HTTPS request through nginx, trusting its certificate; `localAddress` picks the client's address. */
  request(
    urlPath: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string },
  ): Promise<Response>;
  /** An event stream opened through nginx over HTTPS (it must open), read as it arrives. */
  stream(urlPath: string, headers?: Record<string, string>): Promise<EventStreamClient>;
  stop(): Promise<void>;
}

function selfSignedCertificate(prefix: string): { certificate: string; key: string } {
  const [certificate, key] = [path.join(prefix, 'tls.crt'), path.join(prefix, 'tls.key')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', key, '-out', certificate],
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

/** The statuses a Response may not carry a body with. */
const NULL_BODY = new Set([204, 205, 304]);

const render = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, value),
    fs.readFileSync(path.join(TEMPLATES, template), 'utf8'),
  );

/** Renders deploy/nginx's templates into `prefix`, starts nginx, and answers once it passes /livez through. */
export async function startNginx(options: EdgeOptions): Promise<Nginx> {
  const { prefix } = options;
  fs.mkdirSync(prefix, { recursive: true });
  // nginx's workers run as nobody: they read the assets and write large request bodies under prefix,
  // so it and the folders above it (private temporary folders, often) must let them through.
  for (let dir = prefix; dir.startsWith(os.tmpdir()) && dir !== os.tmpdir(); dir = path.dirname(dir))
    fs.chmodSync(dir, 0o755);
  const { certificate, key } = selfSignedCertificate(prefix);
  const staticRoot = path.join(prefix, 'static');
  fs.mkdirSync(staticRoot, { recursive: true });
  const limits = options.limits ?? EDGE_LIMITS;
  const entry = `https://127.0.0.1:${options.tlsPort}`;
  const platformConf = path.join(prefix, 'platform.conf');
  fs.writeFileSync(
    platformConf,
    render('platform.conf.template', {
      UPSTREAM_SERVERS: options.nodes
        .map((n) => `  server 127.0.0.1:${n.port} max_fails=1 fail_timeout=5s;`)
        .join('\n'),
      HTTP_LISTEN: `127.0.0.1:${options.httpPort}`,
      TLS_LISTEN: `127.0.0.1:${options.tlsPort}`,
      PUBLIC_ORIGIN: entry,
      TLS_CERTIFICATE: certificate,
      TLS_CERTIFICATE_KEY: key,
      RESOLVER: '127.0.0.1',
      TRUSTED_BALANCERS: (options.trustedBalancers ?? []).map((a) => `  set_real_ip_from ${a};`).join('\n'),
      AUTH_RATE: limits.authRate,
      AUTH_BURST: String(limits.authBurst),
      MONEY_RATE: limits.moneyRate,
      MONEY_BURST: String(limits.moneyBurst),
      STATIC_ROOT: staticRoot,
    }),
  );
  const mainConf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(mainConf, render('nginx.conf.template', { PREFIX: prefix, PLATFORM_CONF: platformConf }));
  const nginx = spawn(NGINX, ['-p', prefix, '-c', mainConf, '-g', 'daemon off;'], { stdio: 'inherit' });

  const ca = fs.readFileSync(certificate);
  const request: Nginx['request'] = (urlPath, init = {}) =>
    new Promise((resolve, reject) => {
      const outgoing = https.request(
        `${entry}${urlPath}`,
        { method: init.method ?? 'GET', headers: init.headers, ca, localAddress: init.localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 0;
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers))
              for (const one of [value ?? []].flat()) headers.append(name, one);
            resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
  const stream: Nginx['stream'] = (urlPath, headers = {}) =>
    new Promise((resolve, reject) => {
      const abort = new AbortController();
      https
        .get(`${entry}${urlPath}`, { headers, ca, signal: abort.signal }, (incoming) => {
          if (incoming.statusCode === 200) resolve(EventStreamClient.reading(incoming, abort));
          else reject(new Error(`stream refused through nginx: ${incoming.statusCode}`));
        })
        .on('error', reject);
    });
  await waitFor('nginx', 10_000, async () => (await request('/livez')).status === 200);
  return {
    entry,
    httpEntry: `http://127.0.0.1:${options.httpPort}`,
    certificate,
    staticRoot,
    request,
    stream,
    async stop() {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    },
  };
}
