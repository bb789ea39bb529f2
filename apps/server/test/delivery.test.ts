import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../web/build-plugins';
import { buildApp } from '../src/app';
import { createContext } from '../src/composition';
import { freshDatabase, type TestDatabase, testConfig } from './harness';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a real socket, reading the bytes as they travel (Node's http does not decompress). */
function request(base: string, url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const decode = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

/** A build of every asset type the player app ships, each large enough for compression to pay. */
const ASSETS: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>星云</title></head><body>${'<div class="row">星云娱乐</div>'.repeat(80)}</body></html>`,
  'assets/start-abc123.js': `export const rows = [${'"星云娱乐", '.repeat(400)}];`,
  'assets/start-abc123.css': '.row { color: #f5d08a; padding: 4px 8px; }\n'.repeat(80),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="8" height="8"/>'.repeat(60)}</svg>`,
  'manifest.json': JSON.stringify({
    icons: Array.from({ length: 40 }, (_, i) => ({ src: `/icon-${i}.png` })),
  }),
  'manifest.webmanifest': JSON.stringify({
    name: '星云娱乐',
    icons: Array.from({ length: 40 }, (_, i) => ({ src: `/icons/icon-${i}.png`, sizes: `${i}x${i}` })),
  }),
  'sw.js': `const RELEASE = ${JSON.stringify({ shell: Array.from({ length: 40 }, (_, i) => `/assets/chunk-${i}.js`) })};`,
};

describe('what a phone receives', () => {
  let dist: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    for (const [name, text] of Object.entries(ASSETS)) {
      fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      fs.writeFileSync(path.join(dist, name), text);
    }
    await precompressFiles(dist);
    database = await freshDatabase('pglite', { demo: true });
    const ctx = createContext({
      db: database.db,
      config: testConfig({ WEB_DIST: dist }),
      clock: { now: () => new Date() },
    });
    app = await buildApp(ctx, { serveWeb: true, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const files = Object.keys(ASSETS).map((name) => [`/${name}`, name] as const);

  it.each(files)('answers %s in brotli, in gzip, and raw, as the client accepts', async (url, name) => {
    const raw = fs.readFileSync(path.join(dist, name));
    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const answer = await request(base, url, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      // What travels is the file compressed at build time, byte for byte.
      expect(
        answer.body.equals(fs.readFileSync(path.join(dist, `${name}.${encoding === 'br' ? 'br' : 'gz'}`))),
      ).toBe(true);
      expect(answer.body.length).toBeLessThan(raw.length / 2);
      expect(decode(answer).equals(raw)).toBe(true);
    }
    const plain = await request(base, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.equals(raw)).toBe(true);
  });

  it('lets the hashed assets be cached for a year without validators and has index.html revalidated', async () => {
    for (const url of ['/assets/start-abc123.js', '/assets/start-abc123.css']) {
      const answer = await request(base, url, { 'accept-encoding': 'br' });
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.headers['last-modified']).toBeUndefined();
    }
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const answer = await request(base, url);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.etag).toBeTruthy();
    }
  });

  it('has the service worker and the web app manifest revalidated on every visit, each with its type', async () => {
    const worker = await request(base, '/sw.js');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const manifest = await request(base, '/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers the app at / compressed like index.html', async () => {
    const answer = await request(base, '/', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(decode(answer).toString()).toBe(ASSETS['index.html']);
  });

  it('compresses API JSON and drawn SVG above 1 KB on the fly, and sends small answers raw', async () => {
    for (const url of ['/api/game/list', '/art/banners/1.svg']) {
      const raw = await request(base, url);
      expect(raw.status).toBe(200);
      expect(raw.body.length).toBeGreaterThan(1024);
      expect(raw.headers['content-encoding']).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const answer = await request(base, url, { 'accept-encoding': encoding });
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(answer).equals(raw.body)).toBe(true);
      }
    }
    const small = await request(
      base,
      '/api/app',
      { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      'POST',
    );
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).code).toBe(200);
  });
});
